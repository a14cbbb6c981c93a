/**
 * Issue 13, "analytics queries at 1M requests, 100 servers": one restaurant holding 1,000,000 requests over the
 * 90 days before now, taken and handled by 100 servers, seeded with one INSERT … SELECT generate_series statement;
 * then GET /api/restaurants/:restaurantId/analytics timed through the real server (child process) for today, this
 * week and this month, as the restaurant's owner. The whole answer (24 hours, 100 servers, 4 types, every table)
 * is one statement (modules/analytics/analytics.repo.ts), so the month — a third of the rows — is the heavy call.
 */
import http from 'node:http';
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { SESSION_COOKIE } from '@shared/constants';
import { createBenchDatabase, seedFleet, type Backend } from './lib/database';
import { describeMachine, machine, loadAverage } from './lib/machine';
import type { Section } from './lib/report';
import { get } from './lib/http-get';
import { startServer } from './lib/server';
import { distribution, ms, table, type Distribution, envNumber } from './lib/stats';

const ANALYTICS_CONFIG = {
  requests: envNumber('BENCH_ANALYTICS_REQUESTS', 1_000_000),
  servers: envNumber('BENCH_ANALYTICS_SERVERS', 100),
  tables: envNumber('BENCH_ANALYTICS_TABLES', 200),
  days: 90,
  calls: envNumber('BENCH_ANALYTICS_CALLS', 50),
  timeZone: 'Europe/Berlin',
};

export interface AnalyticsBenchResult {
  backend: Backend;
  seedS: number;
  rows: { period: string; requestsInPeriod: number; dist: Distribution }[];
  load: string;
}

export async function runAnalytics(
  backend: Backend,
  log: (line: string) => void,
): Promise<AnalyticsBenchResult> {
  const c = ANALYTICS_CONFIG;
  const load = loadAverage();
  const seedStart = performance.now();
  const bench = await createBenchDatabase(backend);
  const [restaurant] = await seedFleet(bench, {
    restaurants: 1,
    staffPerRestaurant: c.servers,
    tablesPerRestaurant: c.tables,
  });
  const r = restaurant!;
  const now = Date.now();
  const adminToken = randomBytes(32).toString('base64url');
  const database = await bench.open();
  try {
    await database.db.execute(sql`
      insert into sessions (id, user_id, kind, created_at, expires_at)
      select ${createHash('sha256').update(adminToken).digest('hex')}, owner_id, 'password', ${now}, ${now + 3_600_000}
      from restaurants where id = ${r.id}`);
    await database.db.execute(
      sql`update restaurants set time_zone = ${c.timeZone} where id = ${r.id}`,
    );
    const tableList = `{${r.tableIds.join(',')}}`;
    const serverList = `{${r.staff.map((s) => s.userId).join(',')}}`;
    const span = c.days * 86_400_000;
    // Row n: created evenly over the last 90 days; taken by server n % 100 after 10–130 s in 7 of 10, completed
    // 1–5 min after creation in 8 of 10, dismissed in 1 of 10, still open in 1 of 10; one in 20 escalated.
    await database.db.execute(sql`
      insert into requests (id, restaurant_id, table_id, server_id, type, status, escalated_at, acknowledged_at,
                            acknowledged_by, resolved_at, resolved_by, created_at, updated_at)
      select 'a' || lpad(n::text, 8, '0'), ${r.id},
             (${tableList}::text[])[1 + n % ${c.tables}], null,
             (array['server','order','refill','bill'])[1 + n % 4],
             case when n % 10 = 0 then 'pending' when n % 10 = 1 then 'dismissed' else 'completed' end,
             case when n % 20 = 0 then t + 180000 end,
             case when n % 10 between 3 and 9 then t + 10000 + (n % 120) * 1000 end,
             case when n % 10 between 3 and 9 then (${serverList}::text[])[1 + n % ${c.servers}] end,
             case when n % 10 <> 0 then t + 60000 + (n % 240) * 1000 end,
             case when n % 10 <> 0 then (${serverList}::text[])[1 + n % ${c.servers}] end,
             t, t
      from (
        select n, ${now}::bigint - ${span}::bigint + (n::bigint * ${span}) / ${c.requests} as t
        from generate_series(0, ${c.requests - 1}) as n
      ) s`);
    await database.db.execute(sql`analyze requests`);
  } finally {
    await database.close();
  }
  const seedS = (performance.now() - seedStart) / 1000;
  log(`  ${backend}: seeded ${c.requests} requests, ${c.servers} servers in ${seedS.toFixed(1)} s`);

  const child = await startServer({
    name: `analytics-${backend}`,
    env: { ...bench.env, NODE_ENV: 'production', LOG_LEVEL: 'warn' },
  });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const path = `/api/restaurants/${r.id}/analytics`;
    const admin = `${SESSION_COOKIE}=${adminToken}`;
    const rows: AnalyticsBenchResult['rows'] = [];
    for (const period of ['day', 'week', 'month'] as const) {
      const times: number[] = [];
      let count = 0;
      for (let i = 0; i < c.calls + 3; i++) {
        const t = performance.now();
        const res = await get(child.base, `${path}?period=${period}`, admin, agent);
        const elapsed = performance.now() - t;
        if (res.status !== 200)
          throw new Error(`analytics ${period}: HTTP ${res.status} ${res.body}`);
        if (i >= 3) times.push(elapsed); // the first 3 warm the code path and the cache
        const body = JSON.parse(res.body) as { totals: { count: number }; servers: unknown[] };
        count = body.totals.count;
        if (count > 0 && body.servers.length === 0)
          throw new Error('analytics: no servers in the answer');
      }
      const dist = distribution(times);
      rows.push({ period, requestsInPeriod: count, dist });
      log(`  ${backend} ${period} (${count} requests): p50 ${ms(dist.p50)} p95 ${ms(dist.p95)} ms`);
    }
    return { backend, seedS, rows, load };
  } finally {
    agent.destroy();
    await child.stop();
    await bench.drop();
  }
}

export function analyticsSection(results: AnalyticsBenchResult[], note: string): Section {
  const c = ANALYTICS_CONFIG;
  const m = machine();
  const parts = [
    `Run ${m.date} on ${describeMachine(m)}.`,
    '',
    `One restaurant (zone ${c.timeZone}) with ${c.requests.toLocaleString('en')} requests created evenly over the ` +
      `${c.days} days before the run, ${c.servers} servers and ${c.tables} tables (one INSERT … SELECT ` +
      'generate_series statement, then ANALYZE); 7 in 10 taken first, 8 in 10 completed, 1 in 10 dismissed, 1 in ' +
      '20 escalated. The real server (child process) answers `GET /api/restaurants/:restaurantId/analytics?period=…` ' +
      `(today, this week, this month) as the owner, one call at a time over one keep-alive connection, ${c.calls} ` +
      'timed calls per row after 3 untimed; time from sending the GET to the whole body.',
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
        ['period', 'requests in it', 'calls', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms'],
        res.rows.map((row) => [
          row.period,
          row.requestsInPeriod,
          row.dist.count,
          ms(row.dist.p50),
          ms(row.dist.p95),
          ms(row.dist.p99),
          ms(row.dist.max),
        ]),
      ),
    );
  }
  return {
    id: 'analytics',
    title: 'Analytics queries at 1M requests, 100 servers',
    markdown: parts.join('\n'),
    budgets: [],
  };
}
