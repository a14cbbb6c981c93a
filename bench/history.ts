/**
 * Issue 12, "the history query at 1M requests": one restaurant holding 1,000,000 handled requests, seeded with one
 * INSERT … SELECT generate_series statement, then GET /api/restaurants/:restaurantId/requests/history timed through
 * the real server (child process): the first page, and a deep page reached with a cursor, as the restaurant's admin
 * and as one of its servers.
 */
import http from 'node:http';
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { findRestaurantDayStart } from '../src/server/modules/restaurants/restaurants.repo';
import { SESSION_COOKIE } from '@shared/constants';
import { createBenchDatabase, seedFleet, type Backend } from './lib/database';
import { describeMachine, machine, loadAverage } from './lib/machine';
import type { Section } from './lib/report';
import { get } from './lib/http-get';
import { startServer } from './lib/server';
import { distribution, ms, table, type Distribution, envNumber } from './lib/stats';

const HISTORY_CONFIG = {
  requests: envNumber('BENCH_HISTORY_REQUESTS', 1_000_000),
  /** Of those, handled today (the rest on the 60 days before). */
  today: envNumber('BENCH_HISTORY_TODAY', 100_000),
  calls: envNumber('BENCH_HISTORY_CALLS', 200),
  /** The deep page starts after this many of today's rows. */
  deepOffset: envNumber('BENCH_HISTORY_DEEP', 50_000),
  tables: 40,
};

export interface HistoryResult {
  backend: Backend;
  seedS: number;
  rows: { who: string; page: string; dist: Distribution; rowsPerPage: number }[];
  /** Load average at the start, for the report. */
  load: string;
}

export async function runHistory(
  backend: Backend,
  log: (line: string) => void,
): Promise<HistoryResult> {
  const c = HISTORY_CONFIG;
  const load = loadAverage();
  const seedStart = performance.now();
  const bench = await createBenchDatabase(backend);
  const [restaurant] = await seedFleet(bench, {
    restaurants: 1,
    staffPerRestaurant: 1,
    tablesPerRestaurant: c.tables,
  });
  const r = restaurant!;
  const server = r.staff[0]!;
  const now = Date.now();
  const adminToken = randomBytes(32).toString('base64url');
  const database = await bench.open();
  // "Today" as the server computes it: midnight in the restaurant's zone.
  let since: number;
  try {
    since = (await findRestaurantDayStart(database.db, r.id, now)) ?? now;
    // The owner's session, as AuthService issues it.
    await database.db.execute(sql`
      insert into sessions (id, user_id, kind, created_at, expires_at)
      select ${createHash('sha256').update(adminToken).digest('hex')}, owner_id, 'password', ${now}, ${now + 3_600_000}
      from restaurants where id = ${r.id}`);
    const tableList = `{${r.tableIds.join(',')}}`;
    const todaySpan = Math.max(1, now - since - 1000);
    const past = 60 * 86_400_000;
    // Row n: handled today for n < today (spread over the day so far), else over the 60 days before today.
    // Every other request was acknowledged first; one in ten was dismissed.
    await database.db.execute(sql`
      insert into requests (id, restaurant_id, table_id, server_id, type, status, acknowledged_at, acknowledged_by,
                            resolved_at, resolved_by, created_at, updated_at)
      select 'h' || lpad(n::text, 8, '0'), ${r.id},
             (${tableList}::text[])[1 + n % ${c.tables}], null,
             (array['server','order','refill','bill'])[1 + n % 4],
             case when n % 10 = 0 then 'dismissed' else 'completed' end,
             case when n % 2 = 0 then t - 60000 else null end,
             case when n % 2 = 0 then ${server.userId} else null end,
             t, ${server.userId}, t - 120000, t
      from (
        select n, case when n < ${c.today}
                       then ${since}::bigint + (n::bigint * ${todaySpan}) / ${c.today}
                       else ${since}::bigint - 1000 - ((n::bigint * 7919) % ${past})
                  end as t
        from generate_series(0, ${c.requests - 1}) as n
      ) s`);
    await database.db.execute(sql`analyze requests`);
  } finally {
    await database.close();
  }
  const seedS = (performance.now() - seedStart) / 1000;
  log(`  ${backend}: seeded ${c.requests} requests (${c.today} today) in ${seedS.toFixed(1)} s`);

  const child = await startServer({
    name: `history-${backend}`,
    env: { ...bench.env, NODE_ENV: 'production', LOG_LEVEL: 'warn' },
  });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const path = `/api/restaurants/${r.id}/requests/history`;
    const admin = `${SESSION_COOKIE}=${adminToken}`;
    // Today's rows are evenly spaced: the deep cursor is the row at deepOffset from the newest, as the
    // server would have encoded it after that many rows (same format as requests.service's cursor).
    const deepN = c.today - 1 - c.deepOffset;
    const todaySpan = Math.max(1, now - since - 1000);
    const deepT = since + Math.floor((deepN * todaySpan) / c.today);
    const cursor = Buffer.from(
      JSON.stringify([deepT, 'h' + String(deepN).padStart(8, '0')]),
    ).toString('base64url');
    const rows: HistoryResult['rows'] = [];
    for (const [who, cookie] of [
      ['admin', admin],
      ['server', server.cookie],
    ] as const) {
      for (const [page, query] of [
        ['first page (50)', ''],
        [`deep page (50, after ${c.deepOffset.toLocaleString('en')} rows)`, `?cursor=${cursor}`],
      ] as const) {
        const times: number[] = [];
        let count = 0;
        for (let i = 0; i < c.calls + 10; i++) {
          const t = performance.now();
          const res = await get(child.base, path + query, cookie, agent);
          const elapsed = performance.now() - t;
          if (res.status !== 200)
            throw new Error(`history ${who} ${page}: HTTP ${res.status} ${res.body}`);
          if (i >= 10) times.push(elapsed); // the first 10 warm the code path
          count = (JSON.parse(res.body) as { requests: unknown[] }).requests.length;
        }
        const dist = distribution(times);
        rows.push({ who, page, dist, rowsPerPage: count });
        log(`  ${backend} ${who} ${page}: p50 ${ms(dist.p50)} p95 ${ms(dist.p95)} ms`);
      }
    }
    return { backend, seedS, rows, load };
  } finally {
    agent.destroy();
    await child.stop();
    await bench.drop();
  }
}

export function historySection(results: HistoryResult[], note: string): Section {
  const c = HISTORY_CONFIG;
  const m = machine();
  const parts = [
    `Run ${m.date} on ${describeMachine(m)}.`,
    '',
    `One restaurant with ${c.requests.toLocaleString('en')} handled requests (one INSERT … SELECT generate_series ` +
      `statement, then ANALYZE), ${c.today.toLocaleString('en')} of them handled today, the rest over the 60 days ` +
      `before; ${c.tables} unassigned tables. The real server (child process) answers ` +
      '`GET /api/restaurants/:restaurantId/requests/history`, one call at a time over one keep-alive connection, ' +
      `${c.calls} timed calls per row after 10 untimed; time from sending the GET to the whole body. The deep page ` +
      'passes a cursor pointing into the middle of today. As the server (whose tables are all unassigned, so it ' +
      'sees every request, decision 004) the query carries the visibility filter. No budget is given for this ' +
      'number in the issue ("stays fast"), so there is no budget row.',
  ];
  if (note) parts.push('', note);
  for (const res of results) {
    parts.push(
      '',
      `#### ${res.backend === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL'}`,
      '',
      `Seeded in ${res.seedS.toFixed(1)} s; load average at the start (1/5/15 min): ${res.load}.`,
      '',
      table(
        ['as', 'page', 'rows', 'calls', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms'],
        res.rows.map((r) => [
          r.who,
          r.page,
          r.rowsPerPage,
          r.dist.count,
          ms(r.dist.p50),
          ms(r.dist.p95),
          ms(r.dist.p99),
          ms(r.dist.max),
        ]),
      ),
    );
  }
  return {
    id: 'history',
    title: 'History query at 1M requests',
    markdown: parts.join('\n'),
    budgets: [],
  };
}
