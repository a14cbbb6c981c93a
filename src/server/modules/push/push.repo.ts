/** SQL for Web Push: subscriptions per device, who gets a request's push, and the shared VAPID keys. */
import { and, eq, exists, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client';
import {
  appSettings,
  pushOutbox,
  pushSubscriptions,
  restaurants,
  sessions,
  users,
} from '../../db/schema';

type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/**
 * One row per endpoint. A browser that signs in as someone else keeps its endpoint, so the row is re-owned by
 * whoever registered it last (docs/decisions/010).
 */
export async function upsertSubscription(
  db: Executor,
  row: typeof pushSubscriptions.$inferInsert,
): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values(row)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        userId: row.userId,
        restaurantId: row.restaurantId ?? null,
        p256dh: row.p256dh,
        auth: row.auth,
        userAgent: row.userAgent ?? null,
        createdAt: row.createdAt,
      },
    });
}

export async function deleteOwnSubscription(
  db: Executor,
  userId: string,
  endpoint: string,
): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

/** The push service said the endpoint is gone (404/410). */
export async function deleteSubscriptionById(db: Executor, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export async function markDelivered(db: Executor, ids: string[], now: number): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(pushSubscriptions)
    .set({ lastSuccessAt: now })
    .where(inArray(pushSubscriptions.id, ids));
}

export interface PushTargets {
  restaurantId: string;
  /** The request's server; null: its section's servers (decision 077), or with none, every server of the restaurant. */
  serverId: string | null;
  sectionServerIds: readonly string[];
  /** Decision 091: a re-routed call goes to every server on duty, whatever its routing. */
  everyone: boolean;
  /** Escalation also reaches the restaurant's owner (its admin). */
  includeAdmins: boolean;
}

/**
 * Decisions 091, 094: a re-routed call goes to "every server on duty" — with nobody on duty at the restaurant, every
 * server (shifts not in use); once anyone is, only the servers with an open shift (the rule of shifts/on-duty.ts).
 */
const onDutyServers = (restaurantId: string): SQL =>
  sql`(not exists (select 1 from shifts od where od.restaurant_id = ${restaurantId} and od.ended_at is null)
    or exists (select 1 from shifts od where od.restaurant_id = ${restaurantId} and od.server_id = ${users.id}
      and od.ended_at is null))`;

/**
 * The devices a request's push goes to. Only users who are signed in somewhere (a live session) are pushed: a
 * device whose user signed out, or whose PIN shift session ran out, stays quiet.
 */
export type PushTargetRow = PushSubscriptionRow & {
  role: 'super_admin' | 'admin' | 'server';
  /** The user's language for the notification's text (issue 15); null: English. */
  language: string | null;
};

export async function subscriptionsForTargets(
  db: Executor,
  targets: PushTargets,
  now: number,
): Promise<PushTargetRow[]> {
  const serverCondition = and(
    eq(users.role, 'server'),
    eq(users.restaurantId, targets.restaurantId),
    targets.everyone
      ? onDutyServers(targets.restaurantId)
      : targets.serverId
        ? eq(users.id, targets.serverId)
        : targets.sectionServerIds.length > 0
          ? inArray(users.id, [...targets.sectionServerIds])
          : undefined,
  );
  const who: SQL[] = [serverCondition!];
  if (targets.includeAdmins) {
    who.push(
      and(
        eq(users.role, 'admin'),
        exists(
          db
            .select({ one: sql`1` })
            .from(restaurants)
            .where(
              and(eq(restaurants.id, targets.restaurantId), eq(restaurants.ownerId, users.id)),
            ),
        ),
      )!,
    );
  }
  const rows = await db
    .select({ s: pushSubscriptions, role: users.role, language: users.language })
    .from(pushSubscriptions)
    .innerJoin(users, eq(users.id, pushSubscriptions.userId))
    .where(
      and(
        or(...who),
        exists(
          db
            .select({ one: sql`1` })
            .from(sessions)
            .where(and(eq(sessions.userId, users.id), gt(sessions.expiresAt, now))),
        ),
      ),
    );
  return rows.map((r) => ({ ...r.s, role: r.role, language: r.language }));
}

/** Writes the value only if the key is free; every instance then reads the one value that won. */
export async function insertSettingIfAbsent(
  db: Executor,
  key: string,
  value: string,
  secret: boolean,
): Promise<void> {
  await db.insert(appSettings).values({ key, value, secret }).onConflictDoNothing();
}

export async function readSetting(db: Executor, key: string): Promise<string | undefined> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, key));
  return row?.value;
}

/** A user keeps at most `keep` devices: the most recently registered ones. */
export async function pruneSubscriptionsOfUser(
  db: Executor,
  userId: string,
  keep: number,
): Promise<void> {
  await db.execute(sql`
    delete from ${pushSubscriptions}
    where ${pushSubscriptions.userId} = ${userId}
      and ${pushSubscriptions.id} not in (
        select ${pushSubscriptions.id} from ${pushSubscriptions}
        where ${pushSubscriptions.userId} = ${userId}
        order by ${pushSubscriptions.createdAt} desc, ${pushSubscriptions.id}
        limit ${keep}
      )`);
}

export type OutboxRow = typeof pushOutbox.$inferSelect;

/**
 * Takes up to `limit` due outbox rows for this sender: their next_attempt_at moves to the lease's end and attempts
 * counts up, in one UPDATE over rows locked with SKIP LOCKED, so two instances draining at once take disjoint rows.
 * A sender that dies holding rows loses them only until the lease ends.
 */
export async function claimDueOutbox(
  db: Executor,
  now: number,
  leaseMs: number,
  limit: number,
): Promise<OutboxRow[]> {
  const rows = await queryRows<{
    id: string;
    request_id: string;
    restaurant_id: string;
    kind: OutboxRow['kind'];
    attempts: number;
    sent_to: string[];
    created_at: string | number;
    next_attempt_at: string | number;
  }>(
    db,
    sql`
    update push_outbox set next_attempt_at = ${now + leaseMs}, attempts = attempts + 1
    where id in (
      select id from push_outbox where next_attempt_at <= ${now}
      order by next_attempt_at limit ${limit}
      for update skip locked
    )
    returning *`,
  );
  return rows.map((r) => ({
    id: r.id,
    requestId: r.request_id,
    restaurantId: r.restaurant_id,
    kind: r.kind,
    attempts: Number(r.attempts),
    sentTo: r.sent_to,
    createdAt: Number(r.created_at),
    nextAttemptAt: Number(r.next_attempt_at),
  }));
}

export async function deleteOutboxRow(db: Executor, id: string): Promise<void> {
  await db.delete(pushOutbox).where(eq(pushOutbox.id, id));
}

/** A failed attempt: remember who was reached, and try the rest again at `nextAttemptAt`. */
export async function rescheduleOutboxRow(
  db: Executor,
  id: string,
  sentTo: string[],
  nextAttemptAt: number,
): Promise<void> {
  await db.update(pushOutbox).set({ sentTo, nextAttemptAt }).where(eq(pushOutbox.id, id));
}

/** Pushes waiting in the outbox, due or not (the metrics' outbox depth). */
export async function countOutbox(db: Executor): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(pushOutbox);
  return Number(row?.n ?? 0);
}
