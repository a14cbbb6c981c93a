/** The restaurant's default language for its guests (issue 15, decision 047): one of the app's languages only. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages';
import { createTestApp, request, type TestApp } from '../../../../tests/support/test-app';
import { makeFloor } from '../../../../tests/support/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('restaurant guest language', () => {
  it('starts on English and is changed in the settings', async () => {
    const { restaurant, adminCookie } = await makeFloor(t);
    const url = `/api/restaurants/${restaurant.id}`;
    const before = await request(t, 'GET', url, { cookie: adminCookie });
    expect(before.json().restaurant.guestLanguage).toBe('en');
    const res = await request(t, 'PATCH', url, {
      cookie: adminCookie,
      body: { guestLanguage: 'zh-CN' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().restaurant.guestLanguage).toBe('zh-CN');
  });

  it('refuses a language the app does not have, with a clear 400, and keeps the old one', async () => {
    const { restaurant, adminCookie } = await makeFloor(t);
    const url = `/api/restaurants/${restaurant.id}`;
    for (const guestLanguage of ['sv', 'zh', 'EN', '', null, 3]) {
      const res = await request(t, 'PATCH', url, { cookie: adminCookie, body: { guestLanguage } });
      expect(res.statusCode, String(guestLanguage)).toBe(400);
      expect(JSON.stringify(res.json())).toContain(MSG.languageInvalid);
    }
    const seen = await request(t, 'GET', url, { cookie: adminCookie });
    expect(seen.json().restaurant.guestLanguage).toBe('en');
  });
});
