import { describe, expect, it } from 'vitest';
import { homePathForRole, matchTablePath, paths } from './paths';

describe('homePathForRole (SPEC §2 redirects)', () => {
  it('sends each role to its home screen', () => {
    expect(homePathForRole('super_admin')).toBe('/super-admin');
    expect(homePathForRole('admin')).toBe('/admin/dashboard');
    expect(homePathForRole('server')).toBe('/server/tables');
  });
});

describe('paths.table', () => {
  it('builds the guest URL of SPEC §9 and escapes the ids', () => {
    expect(paths.table('demo-bistro', 't1')).toBe('/table/demo-bistro/t1');
    expect(paths.table('a/b', 'c d')).toBe('/table/a%2Fb/c%20d');
  });
});

describe('matchTablePath', () => {
  it('reads both ids of a guest URL, decoded, as paths.table wrote them', () => {
    expect(matchTablePath(paths.table('demo-bistro', 't1'))).toEqual({
      restaurantId: 'demo-bistro',
      tableId: 't1',
    });
    expect(matchTablePath(paths.table('a/b', 'c d'))).toEqual({
      restaurantId: 'a/b',
      tableId: 'c d',
    });
  });

  it('matches as the router does: any case and an optional trailing slash', () => {
    expect(matchTablePath('/TABLE/r/t/')).toEqual({ restaurantId: 'r', tableId: 't' });
  });

  it('keeps a segment that is not valid percent-encoding as it is', () => {
    expect(matchTablePath('/table/r/%E0%A4%A')).toEqual({ restaurantId: 'r', tableId: '%E0%A4%A' });
  });

  it('is null for every other route', () => {
    for (const path of [
      '/',
      '/login',
      '/table',
      '/table/r',
      '/table/r/t/x',
      '/server/tables',
      '/tables/r/t',
    ])
      expect(matchTablePath(path), path).toBeNull();
  });
});
