import { describe, expect, it } from 'vitest';
import { guestPreload } from './client-shell';

describe('guestPreload', () => {
  it('preloads the table data of a guest page, as the guest page requests it', () => {
    expect(guestPreload('/table/demo-bistro/t1')).toBe(
      '</api/public/restaurants/demo-bistro/tables/t1>; rel=preload; as=fetch; crossorigin',
    );
    expect(guestPreload('/TABLE/demo-bistro/t1/?utm=qr')).toBe(
      '</api/public/restaurants/demo-bistro/tables/t1>; rel=preload; as=fetch; crossorigin',
    );
  });

  it('encodes the ids as encodeURIComponent does, so nothing can leave the URL', () => {
    expect(guestPreload('/table/caf%c3%a9/a~b')).toBe(
      `</api/public/restaurants/${encodeURIComponent('café')}/tables/${encodeURIComponent('a~b')}>; rel=preload; as=fetch; crossorigin`,
    );
    expect(guestPreload('/table/a%3E;%20rel=x,%3Cb/t')).toContain(
      `/restaurants/${encodeURIComponent('a>; rel=x,<b')}/tables/t>`,
    );
    expect(guestPreload('/table/%E0%A4%A/t')).toContain('/restaurants/%25E0%25A4%25A/');
  });

  it('is null for every other route', () => {
    for (const url of ['/', '/login', '/table/r', '/table/r/t/x', '/server/tables', '/tables/r/t'])
      expect(guestPreload(url), url).toBeNull();
  });
});
