/** Logo upload and delete (SPEC §5 Settings, §8; issue 3: bytes are checked, SVG refused, served with an ETag). */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { restaurantLogos } from '../../db/schema';
import { LOGO_MAX_BYTES } from '@shared/constants';
import { MSG } from '@shared/messages';
import {
  createTestApp,
  PUBLIC_URL,
  request,
  type TestApp,
} from '../../../../tests/support/test-app';
import { makeAdmin, makeRestaurant, signInPassword } from '../../../../tests/support/factories';
import { postForm, TINY_GIF, TINY_PNG, type FormFile } from '../../../../tests/support/multipart';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

async function ownRestaurant() {
  const admin = await makeAdmin(t);
  const restaurant = await makeRestaurant(t, admin.user.id);
  return { restaurant, cookie: await signInPassword(t, admin) };
}

const logoFile = (
  bytes: Uint8Array,
  contentType = 'image/png',
  filename = 'logo.png',
): FormFile => ({
  field: 'logo',
  filename,
  contentType,
  bytes,
});
const upload = (restaurantId: string, cookie: string, ...files: FormFile[]) =>
  postForm(t, `/api/restaurants/${restaurantId}/logo`, files, cookie);
const storedLogo = async (restaurantId: string) =>
  (
    await t.database.db
      .select()
      .from(restaurantLogos)
      .where(eq(restaurantLogos.restaurantId, restaurantId))
  )[0];

describe('POST /api/restaurants/:id/logo', () => {
  it('stores a PNG and serves it back with an ETag, a cache header and 304 on revalidation', async () => {
    const { restaurant, cookie } = await ownRestaurant();
    const published = vi.spyOn(t.services.live, 'restaurantUpdated');
    const res = await upload(restaurant.id, cookie, logoFile(TINY_PNG));
    expect(res.statusCode).toBe(200);
    const updated = res.json().restaurant;
    expect(updated.logoUrl).toMatch(
      new RegExp(`^/api/public/restaurants/${restaurant.id}/logo\\?v=[0-9a-f]{16}$`),
    );
    expect(updated.updatedAt).toBeGreaterThanOrEqual(restaurant.updatedAt);
    expect(published).toHaveBeenCalledWith(updated);

    const served = await t.app.inject({ method: 'GET', url: updated.logoUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('max-age');
    expect(served.rawPayload.equals(TINY_PNG)).toBe(true);
    const etag = served.headers.etag as string;
    expect(etag).toBe(`"${updated.logoUrl.split('v=')[1]}"`);
    const again = await t.app.inject({
      method: 'GET',
      url: updated.logoUrl,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('replaces an earlier logo, storing the type read from the bytes', async () => {
    const { restaurant, cookie } = await ownRestaurant();
    const first = (await upload(restaurant.id, cookie, logoFile(TINY_PNG))).json().restaurant;
    // Declared as PNG, but the bytes are a GIF: the GIF type is what is stored and served.
    const second = await upload(restaurant.id, cookie, logoFile(TINY_GIF, 'image/png'));
    expect(second.statusCode).toBe(200);
    expect(second.json().restaurant.logoUrl).not.toBe(first.logoUrl);
    const stored = await storedLogo(restaurant.id);
    expect(stored?.contentType).toBe('image/gif');
    expect(Buffer.from(stored!.bytes).equals(TINY_GIF)).toBe(true);
  });

  it("refuses SVG by its content even when declared image/png, with 'Selected file must be an image'", async () => {
    const { restaurant, cookie } = await ownRestaurant();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    for (const file of [
      logoFile(svg, 'image/png', 'logo.png'),
      logoFile(svg, 'image/svg+xml', 'logo.svg'),
    ]) {
      const res = await upload(restaurant.id, cookie, file);
      expect(res.statusCode).toBe(415);
      expect(res.json().error).toMatchObject({ code: 'logo_not_image', message: MSG.logoNotImage });
    }
    expect(await storedLogo(restaurant.id)).toBeUndefined();
  });

  it('refuses a text file renamed to .png, and an empty file', async () => {
    const { restaurant, cookie } = await ownRestaurant();
    for (const bytes of [Buffer.from('hello, I am plain text\n'), Buffer.alloc(0)]) {
      const res = await upload(restaurant.id, cookie, logoFile(bytes, 'image/png', 'notes.png'));
      expect(res.statusCode).toBe(415);
      expect(res.json().error.message).toBe(MSG.logoNotImage);
    }
    expect(await storedLogo(restaurant.id)).toBeUndefined();
  });

  it("refuses 2MB or more with 413 and 'File size must be less than 2MB'; just under is fine", async () => {
    const { restaurant, cookie } = await ownRestaurant();
    const sized = (n: number) => Buffer.concat([TINY_PNG, Buffer.alloc(n - TINY_PNG.length)]);
    for (const size of [LOGO_MAX_BYTES, LOGO_MAX_BYTES + 1, LOGO_MAX_BYTES + 500_000]) {
      const res = await upload(restaurant.id, cookie, logoFile(sized(size)));
      expect(res.statusCode, String(size)).toBe(413);
      expect(res.json().error).toMatchObject({ code: 'logo_too_large', message: MSG.logoTooLarge });
    }
    expect(await storedLogo(restaurant.id)).toBeUndefined();
    const justUnder = await upload(restaurant.id, cookie, logoFile(sized(LOGO_MAX_BYTES - 1)));
    expect(justUnder.statusCode).toBe(200);
    expect((await storedLogo(restaurant.id))?.bytes.length).toBe(LOGO_MAX_BYTES - 1);
  });

  it('refuses a form without the logo field, with extra fields or files, and a JSON body', async () => {
    const { restaurant, cookie } = await ownRestaurant();
    const url = `/api/restaurants/${restaurant.id}/logo`;
    const wrongField = await postForm(t, url, [{ ...logoFile(TINY_PNG), field: 'file' }], cookie);
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().error.code).toBe('invalid_upload');
    const extraField = await postForm(
      t,
      url,
      [{ field: 'x', value: 'y' }, logoFile(TINY_PNG)],
      cookie,
    );
    expect(extraField.statusCode).toBe(400);
    const twoFiles = await postForm(t, url, [logoFile(TINY_PNG), logoFile(TINY_GIF)], cookie);
    expect(twoFiles.statusCode).toBe(400);
    expect(await storedLogo(restaurant.id)).toBeUndefined();
    const empty = await postForm(t, url, [], cookie);
    expect(empty.statusCode).toBe(400);
    const json = await request(t, 'POST', url, {
      cookie,
      body: { logo: 'data:image/png;base64,AAAA' },
    });
    expect(json.statusCode).toBe(415);
    const malformed = await t.app.inject({
      method: 'POST',
      url,
      payload: '--x\r\nContent-Disposition: form-data; name="logo"; filename="a.png"\r\n\r\nabc',
      headers: { cookie, origin: PUBLIC_URL, 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(malformed.statusCode).toBeGreaterThanOrEqual(400);
    expect(malformed.statusCode).toBeLessThan(500);
  });
});

describe('DELETE /api/restaurants/:id/logo', () => {
  it('removes the logo, answers with the restaurant and publishes it; the old URL then 404s', async () => {
    const { restaurant, cookie } = await ownRestaurant();
    const { logoUrl } = (await upload(restaurant.id, cookie, logoFile(TINY_PNG))).json().restaurant;
    const published = vi.spyOn(t.services.live, 'restaurantUpdated');
    const res = await request(t, 'DELETE', `/api/restaurants/${restaurant.id}/logo`, { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json().restaurant).toMatchObject({ id: restaurant.id, logoUrl: null });
    expect(published).toHaveBeenCalledOnce();
    expect(await storedLogo(restaurant.id)).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: logoUrl })).statusCode).toBe(404);
  });

  it('treats deleting a missing logo as done, not as an error (SPEC §8)', async () => {
    const { restaurant, cookie } = await ownRestaurant();
    const res = await request(t, 'DELETE', `/api/restaurants/${restaurant.id}/logo`, { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json().restaurant.logoUrl).toBeNull();
  });
});
