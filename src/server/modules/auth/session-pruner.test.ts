/**
 * Issue 24 item 5, decision 062: expired sessions are deleted in the background, a bounded number per run, and a
 * live session is never touched.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, lte, sql } from 'drizzle-orm';
import { sessions } from '../../db/schema';
import { createTestApp, request, type TestApp } from '../../../../tests/support/test-app';
import { makeAdmin, signInPassword } from '../../../../tests/support/factories';
import { SESSION_PRUNE_MAX_PER_RUN } from './session-pruner';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ escalationSweepMs: 0, sessionPruneMs: 0 });
});
afterAll(() => t.close());

/** `n` sessions of `userId` that expired a minute before `now`, inserted in one statement. */
async function insertExpired(app: TestApp, userId: string, n: number, now: number, tag: string) {
  await app.database.db.execute(sql`
    insert into sessions (id, user_id, kind, created_at, expires_at)
    select ${tag} || '-' || g, ${userId}, 'password', ${now - 86_400_000}, ${now - 60_000}
    from generate_series(1, ${n}) as g`);
}

const expiredCount = async (app: TestApp, now: number) =>
  (
    await app.database.db
      .select({ n: count() })
      .from(sessions)
      .where(lte(sessions.expiresAt, now))
  )[0]!.n;

describe('expired-session prune (decision 062)', () => {
  it('deletes expired sessions and keeps the live ones signed in', async () => {
    const admin = await makeAdmin(t);
    const cookie = await signInPassword(t, admin);
    const now = Date.now();
    await insertExpired(t, admin.user.id, 3, now, 'old');

    expect(await t.services.sessionPruner.prune(now)).toBe(3);
    expect(await expiredCount(t, now)).toBe(0);
    const left = await t.database.db
      .select({ n: count() })
      .from(sessions)
      .where(eq(sessions.userId, admin.user.id));
    expect(left[0]!.n).toBe(1);
    const session = await request(t, 'GET', '/api/session', { cookie });
    expect(session.json().user?.id).toBe(admin.user.id);
  });

  it('deletes at most SESSION_PRUNE_MAX_PER_RUN rows per run; the next run takes the rest', async () => {
    const admin = await makeAdmin(t);
    const now = Date.now();
    await insertExpired(t, admin.user.id, SESSION_PRUNE_MAX_PER_RUN + 7, now, 'backlog');

    expect(await t.services.sessionPruner.prune(now)).toBe(SESSION_PRUNE_MAX_PER_RUN);
    expect(await expiredCount(t, now)).toBe(7);
    expect(await t.services.sessionPruner.prune(now)).toBe(7);
    expect(await expiredCount(t, now)).toBe(0);
  });

  it('runs by itself on every instance’s timer', async () => {
    const app = await createTestApp({ escalationSweepMs: 0, sessionPruneMs: 50 });
    try {
      const admin = await makeAdmin(app);
      const now = Date.now();
      await insertExpired(app, admin.user.id, 5, now, 'timer');
      await expect.poll(() => expiredCount(app, now), { timeout: 10_000 }).toBe(0);
    } finally {
      await app.close();
    }
  });
});
