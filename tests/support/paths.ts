import path from 'node:path';

export const TMP = path.resolve(import.meta.dirname, '../../.tmp');
export const TEMPLATE_DUMP = path.join(TMP, 'pglite-template.tar');
/**
 * PostgreSQL database names of this run. TEST_DB_PREFIX (default `ts`) keeps two suites on one server (two
 * checkouts, say) from dropping each other's databases.
 */
export const TEST_DB_PREFIX = process.env.TEST_DB_PREFIX ?? 'ts';
export const TEMPLATE_DB = `${TEST_DB_PREFIX}_template`;
export const TEST_DB_PATTERN = `${TEST_DB_PREFIX}_test_%`;

/** The maintenance database on the same server, for CREATE/DROP DATABASE. */
export function adminUrl(url: string): string {
  const u = new URL(url);
  u.pathname = '/postgres';
  return u.toString();
}
