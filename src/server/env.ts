/** Configuration from the environment, checked once at start. A bad value stops the process with one line each. */
import { isIP } from 'node:net';
import { z } from 'zod';
import {
  MAX_RESTAURANTS_PER_ADMIN_DEFAULT,
  MAX_STAFF_PER_RESTAURANT_DEFAULT,
  MAX_TABLES_PER_RESTAURANT_DEFAULT,
} from '@shared/constants';

/** An IPv4/IPv6 address, or one with a /prefix (CIDR). */
function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY, as Fastify's `trustProxy` takes it: unset (or 0) trusts no proxy, so `X-Forwarded-For` is ignored
 * and the client address is the TCP peer; a number trusts that many hops in front of the instance; a
 * comma-separated list trusts those proxy addresses/CIDRs only. `true` (trust anyone) is refused on purpose.
 */
const trustProxySchema = z
  .string()
  .optional()
  .transform((value, ctx): false | number | string[] => {
    const v = value?.trim() ?? '';
    if (v === '' || v === '0' || v === 'false') return false;
    if (/^\d+$/.test(v)) {
      const hops = Number(v);
      if (hops > 0 && hops <= 10) return hops;
      ctx.addIssue({ code: 'custom', message: 'a hop count must be between 1 and 10' });
      return z.NEVER;
    }
    const entries = v
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    const bad = entries.filter((e) => !isAddressOrCidr(e));
    if (bad.length || !entries.length) {
      ctx.addIssue({
        code: 'custom',
        message: `must be a hop count or a comma-separated list of proxy addresses/CIDRs (bad: ${bad.join(', ') || v})`,
      });
      return z.NEVER;
    }
    return entries;
  });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Table Service <no-reply@table-service.local>'),
  VAPID_PUBLIC_KEY: z.string().min(20).optional(),
  VAPID_PRIVATE_KEY: z.string().min(20).optional(),
  VAPID_SUBJECT: z.string().min(3).optional(),
  TRUST_PROXY: trustProxySchema,
  /** /metrics on the app's port for this bearer token (decision 021); unset: not served there. */
  METRICS_TOKEN: z
    .string()
    .regex(/^\S{16,}$/, 'must be at least 16 characters, without spaces')
    .optional(),
  /** /metrics on its own listener on 127.0.0.1:METRICS_PORT (no token); unset: no such listener. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Restaurants one admin may own at once (issue 14: no squatting names by the hundred). */
  MAX_RESTAURANTS_PER_ADMIN: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000)
    .default(MAX_RESTAURANTS_PER_ADMIN_DEFAULT),
  /** Tables one restaurant may hold (issue 25: no unbounded growth of a tenant's floor). */
  MAX_TABLES_PER_RESTAURANT: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(MAX_TABLES_PER_RESTAURANT_DEFAULT),
  /** Staff members (servers) one restaurant may hold (issue 25). */
  MAX_STAFF_PER_RESTAURANT: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(MAX_STAFF_PER_RESTAURANT_DEFAULT),
  /**
   * Sign-ins a minute per client address and sign-in route, refused in memory before the database (decision 026).
   * A venue whose staff all sign in through one NAT address at shift change may need more.
   */
  SIGN_IN_ADDRESS_LIMIT: z.coerce.number().int().min(1).max(100_000).default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Where the embedded database runs (decision 072): `worker`, a thread of its own behind a priority queue
   * (presses, then other work, then reports), or `main`, the server's own thread. Unset: the default of decision 072.
   */
  PGLITE_THREAD: z.enum(['worker', 'main']).optional(),
  /** Skips creating the demo restaurant on an empty database. */
  /**
   * Webhooks to loopback receivers, over plain HTTP too (decision 076): for tests and development; ignored when
   * NODE_ENV=production, where a webhook only ever reaches a public address over HTTPS.
   */
  WEBHOOK_ALLOW_LOOPBACK: z
    .enum(['0', '1', 'true', 'false'])
    .optional()
    .transform((v) => v === '1' || v === 'true'),
  /** Failed webhook attempts in a row after which an endpoint is disabled and its owner mailed (decision 076). */
  WEBHOOK_MAX_FAILURES: z.coerce.number().int().min(1).max(1000).default(15),
  /** Requests per API token and minute (decision 075). */
  API_TOKEN_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(600),
  NO_DEMO: z
    .enum(['0', '1', 'true', 'false'])
    .optional()
    .transform((v) => v === '1' || v === 'true'),
});

export type Env = z.infer<typeof envSchema> & { PUBLIC_URL: string };

export class EnvError extends Error {}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const raw = Object.fromEntries(
    Object.entries(source).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = envSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `Invalid environment variable ${issue.path.join('.')}: ${issue.message}`,
    );
    throw new EnvError(lines.join('\n'));
  }
  const env = parsed.data;
  if (!env.VAPID_PUBLIC_KEY !== !env.VAPID_PRIVATE_KEY)
    throw new EnvError(
      'Invalid environment variable VAPID_PRIVATE_KEY: set both VAPID keys, or neither',
    );
  if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT)
    throw new EnvError(
      'Invalid environment variable METRICS_PORT: must differ from PORT (use METRICS_TOKEN to serve /metrics on PORT)',
    );
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return { ...env, PUBLIC_URL: publicUrl };
}
