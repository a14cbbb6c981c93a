/**
 * Decision 026 (issue 14): a logo's pixel dimensions are bounded, and an oversized upload is refused as soon as the
 * limit is crossed, not after the whole body has been read.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGO_MAX_BYTES, LOGO_MAX_SIDE_PX } from '@shared/constants';
import { MSG } from '@shared/messages';
import { createTestApp, PUBLIC_URL, type TestApp } from '../../../../tests/support/test-app';
import { makeAdmin, makeRestaurant, signInPassword } from '../../../../tests/support/factories';
import { postForm, TINY_PNG } from '../../../../tests/support/multipart';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(() => t.close());

async function ownRestaurant() {
  const admin = await makeAdmin(t);
  const restaurant = await makeRestaurant(t, admin.user.id);
  return { restaurant, cookie: await signInPassword(t, admin) };
}

/** A PNG whose header declares the given size (the 1×1 PNG with its IHDR width and height rewritten). */
function pngDeclaring(width: number, height: number): Buffer {
  const png = Buffer.from(TINY_PNG);
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  return png;
}

const uploadLogo = (restaurantId: string, cookie: string, bytes: Buffer) =>
  postForm(
    t,
    `/api/restaurants/${restaurantId}/logo`,
    [{ field: 'logo', filename: 'logo.png', contentType: 'image/png', bytes }],
    cookie,
  );

describe('logo dimensions', () => {
  it('refuses a small file that declares more than 4096 pixels a side, with 413 and a clear message', async () => {
    const { restaurant, cookie } = await ownRestaurant();
    for (const [w, h] of [
      [30_000, 30_000],
      [LOGO_MAX_SIDE_PX + 1, 1],
      [1, LOGO_MAX_SIDE_PX + 1],
    ] as const) {
      const res = await uploadLogo(restaurant.id, cookie, pngDeclaring(w, h));
      expect(res.statusCode, `${w}×${h}`).toBe(413);
      expect(res.json().error).toMatchObject({
        code: 'logo_too_many_pixels',
        message: MSG.logoTooManyPixels,
      });
    }
    const atLimit = await uploadLogo(
      restaurant.id,
      cookie,
      pngDeclaring(LOGO_MAX_SIDE_PX, LOGO_MAX_SIDE_PX),
    );
    expect(atLimit.statusCode).toBe(200);
  });
});

interface RawUpload {
  status: number;
  /** Body bytes the client managed to hand to the kernel before the server answered and closed. */
  sent: number;
}

/**
 * Streams a multipart upload of `total` bytes over a raw connection as fast as the server reads it, and stops when
 * the server answers. `declare`: send Content-Length (true) or stream chunked without one (false).
 */
function rawUpload(
  restaurantId: string,
  cookie: string,
  total: number,
  declare: boolean,
): Promise<RawUpload> {
  const boundary = '----limits' + Date.now();
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="big.png"\r\n` +
      'Content-Type: image/png\r\n\r\n',
  );
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let sent = 0;
    let response = '';
    let answered = false;
    const chunk = Buffer.alloc(64 * 1024);
    const finish = () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(response)?.[1] ?? 0);
      socket.destroy();
      resolve({ status, sent });
    };
    socket.on('data', (data) => {
      response += data.toString('latin1');
      if (!answered && response.includes('\r\n\r\n')) {
        answered = true;
        // Give the server a moment to close; then stop either way.
        setTimeout(finish, 200);
      }
    });
    socket.on('close', () => (answered ? finish() : resolve({ status: 0, sent })));
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code !== 'EPIPE' && err.code !== 'ECONNRESET') reject(err);
    });
    socket.on('connect', () => {
      socket.write(
        `POST /api/restaurants/${restaurantId}/logo HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
          `Origin: ${PUBLIC_URL}\r\nCookie: ${cookie}\r\n` +
          `Content-Type: multipart/form-data; boundary=${boundary}\r\n` +
          (declare ? `Content-Length: ${total}\r\n` : 'Transfer-Encoding: chunked\r\n') +
          '\r\n',
      );
      const frame = (bytes: Buffer) =>
        declare
          ? bytes
          : Buffer.concat([
              Buffer.from(bytes.length.toString(16) + '\r\n'),
              bytes,
              Buffer.from('\r\n'),
            ]);
      const pump = () => {
        while (!answered && !socket.destroyed && sent < total) {
          const piece = sent === 0 ? head : chunk;
          sent += piece.length;
          if (!socket.write(frame(piece))) return void socket.once('drain', pump);
        }
      };
      pump();
    });
  });
}

describe('oversized logo uploads', () => {
  // 64 MB: enough to tell "stopped at the limit" from "read to the end", small enough for a shared machine.
  const HUGE = 64 * 1024 * 1024;

  it('refuses a declared 64 MB body with 413 before reading it', async () => {
    const { restaurant, cookie } = await ownRestaurant();
    const res = await rawUpload(restaurant.id, cookie, HUGE, true);
    expect(res.status).toBe(413);
    // Socket buffers on loopback hold a few MB at most; the body was never read.
    expect(res.sent).toBeLessThan(32 * 1024 * 1024);
  });

  it('stops reading a chunked upload (no Content-Length) once it crosses 2 MB, and answers 413', async () => {
    const { restaurant, cookie } = await ownRestaurant();
    const res = await rawUpload(restaurant.id, cookie, HUGE, false);
    expect(res.status).toBe(413);
    expect(res.sent).toBeGreaterThan(LOGO_MAX_BYTES);
    expect(res.sent).toBeLessThan(32 * 1024 * 1024);
  });
});
