import { describe, expect, it } from 'vitest';
import { homePathForRole, paths } from './paths';

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
