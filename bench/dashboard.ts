/**
 * Issue 13, "dashboard queries at 1M requests, 100 servers" (decision 044): one restaurant in America/New_York with
 * 100 servers, 200 tables (two per server), 1,000,000 requests over 60 days (today's share pending, taken, completed
 * and dismissed, some escalated), 10,000 table assignments and half the servers online; then
 * GET /api/restaurants/:restaurantId/dashboard — figures, Recent Activity and Server Status — timed through the
 * real server (child process), as the owner.
 */
import http from 'node:http';
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/server/db/client';
import { SESSION_COOKIE } from '@shared/constants';
import { createBenchDatabase, seedFleet, type Backend } from './lib/database';
import { describeMachine, machine, loadAverage } from './lib/machine';
import type { Section } from './lib/report';
import { get } from './lib/http-get';
import { startServer } from './lib/server';
import { distribution, ms, table, type Distribution, envNumber } from './lib/stats';

const DASHBOARD_CONFIG = {
  requests: envNumber('BENCH_DASHBOARD_REQUESTS', 1_000_000),
  /** Of those, made today in the restaurant's zone (the rest over the 60 days before). */
  today: envNumber('BENCH_DASHBOARD_TODAY', 20_000),
  servers: envNumber('BENCH_DASHBOARD_SERVERS', 100),
  assignments: envNumber('BENCH_DASHBOARD_ASSIGNMENTS', 10_000),
  calls: envNumber('BENCH_DASHBOARD_CALLS', 200),
  timeZone: 'America/New_York',
};

export interface DashboardResult {
  backend: Backend;
  seedS: number;
  dist: Distribution;
  /** What the answer held on the last call, to show the work is real. */
  answer: { requestsToday: number; activeServers: number; activity: number; servers: number };
  load: string;
}

export async function runDashboard(
  backend: Backend,
  log: (line: string) => void,
): Promise<DashboardResult> {
  const c = DASHBOARD_CONFIG;
  const load = loadAverage();
  const seedStart = performance.now();
  const bench = await createBenchDatabase(backend);
  const [restaurant] = await seedFleet(bench, {
    restaurants: 1,
    staffPerRestaurant: c.servers,
    tablesPerRestaurant: c.servers * 2,
  });
  const r = restaurant!;
  const now = Date.now();
  const adminToken = randomBytes(32).toString('base64url');
  const database = await bench.open();
  try {
    const db = database.db;
    await db.execute(sql`update restaurants set time_zone = ${c.timeZone} where id = ${r.id}`);
    await db.execute(sql`
      insert into sessions (id, user_id, kind, created_at, expires_at)
      select ${createHash('sha256').update(adminToken).digest('hex')}, owner_id, 'password', ${now}, ${now + 3_600_000}
      from restaurants where id = ${r.id}`);
    const serverList = `{${r.staff.map((s) => s.userId).join(',')}}`;
    const tableList = `{${r.tableIds.join(',')}}`;
    // Table i belongs to server i mod S.
    await db.execute(sql`
      update tables t set server_id = (${serverList}::text[])[1 + (x.i - 1) % ${c.servers}]
      from unnest(${tableList}::text[]) with ordinality as x(id, i) where t.id = x.id`);
    const [day] = await queryRows<{ day_start: string }>(
      db,
      sql`select (extract(epoch from (date_trunc('day', to_timestamp(${now}::float8 / 1000) at time zone ${c.timeZone})
            at time zone ${c.timeZone})) * 1000)::bigint as day_start`,
    );
    const since = Number(day!.day_start);
    const todaySpan = Math.max(1, now - since - 1000);
    const past = 60 * 86_400_000;
    const tables = c.servers * 2;
    // Row n: made today for n < today, else over the 60 days before. Of today's, one in ten still pending, one in
    // ten taken and open; the rest, and every older one, handled: half taken first, one in ten dismissed. One in
    // twenty was escalated. The taker and resolver is the table's server.
    await db.execute(sql`
      insert into requests (id, restaurant_id, table_id, server_id, type, status, escalated_at,
                            acknowledged_at, acknowledged_by, resolved_at, resolved_by, created_at, updated_at)
      select 'd' || lpad(n::text, 8, '0'), ${r.id}, (${tableList}::text[])[1 + n % ${tables}], srv,
             (array['server','order','refill','bill'])[1 + n % 4],
             case when open_state = 1 then 'pending' when open_state = 2 then 'acknowledged'
                  when n % 10 = 3 then 'dismissed' else 'completed' end,
             case when n % 20 = 0 then t + 180000 else null end,
             case when open_state = 2 or (open_state = 0 and n % 2 = 0) then t + 20000 + (n % 90) * 1000 end,
             case when open_state = 2 or (open_state = 0 and n % 2 = 0) then srv end,
             case when open_state = 0 then t + 240000 end,
             case when open_state = 0 then srv end,
             t, t + case when open_state = 0 then 240000 else 0 end
      from (
        select n, (${serverList}::text[])[1 + (n % ${tables}) % ${c.servers}] as srv,
               case when n < ${c.today} and n % 10 = 1 then 1 when n < ${c.today} and n % 10 = 2 then 2 else 0 end
                 as open_state,
               case when n < ${c.today}
                    then ${since}::bigint + (n::bigint * ${todaySpan}) / ${c.today} - 240000
                    else ${since}::bigint - 1000 - ((n::bigint * 7919) % ${past})
               end as t
        from generate_series(0, ${c.requests - 1}) as n
      ) s`);
    await db.execute(sql`
      insert into table_assignments (id, restaurant_id, table_id, server_id, kind, at)
      select 'a' || n, ${r.id}, (${tableList}::text[])[1 + n % ${tables}],
             (${serverList}::text[])[1 + (n % ${tables}) % ${c.servers}],
             case when n % 2 = 0 then 'assigned' else 'unassigned' end,
             ${since}::bigint - ((n::bigint * 7919) % ${past})
      from generate_series(0, ${c.assignments - 1}) as n`);
    // Half the servers have a console open on another instance, seen in the future so it stays live for the run
    // (the server's own heartbeat sweeps only instances older than the expiry).
    await db.execute(sql`
      insert into presence_instances (instance_id, seen_at) values ('bench', ${now + 3_600_000})
      on conflict (instance_id) do nothing`);
    await db.execute(sql`
      insert into staff_presence (instance_id, user_id, restaurant_id, connections, seen_at)
      select 'bench', s.id, ${r.id}, 1, ${now + 3_600_000}
      from unnest(${serverList}::text[]) with ordinality as s(id, i) where s.i % 2 = 0`);
    await db.execute(sql`analyze`);
  } finally {
    await database.close();
  }
  const seedS = (performance.now() - seedStart) / 1000;
  log(`  ${backend}: seeded ${c.requests} requests (${c.today} today) in ${seedS.toFixed(1)} s`);

  const child = await startServer({
    name: `dashboard-${backend}`,
    env: { ...bench.env, NODE_ENV: 'production', LOG_LEVEL: 'warn' },
  });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const path = `/api/restaurants/${r.id}/dashboard`;
    const cookie = `${SESSION_COOKIE}=${adminToken}`;
    const times: number[] = [];
    let answer: DashboardResult['answer'] = {
      requestsToday: 0,
      activeServers: 0,
      activity: 0,
      servers: 0,
    };
    for (let i = 0; i < c.calls + 10; i++) {
      const t = performance.now();
      const res = await get(child.base, path, cookie, agent);
      const elapsed = performance.now() - t;
      if (res.status !== 200) throw new Error(`dashboard: HTTP ${res.status} ${res.body}`);
      if (i >= 10) times.push(elapsed); // the first 10 warm the code path
      const body = JSON.parse(res.body) as {
        requestsToday: number;
        activeServers: number;
        recentActivity: unknown[];
        servers: unknown[];
      };
      answer = {
        requestsToday: body.requestsToday,
        activeServers: body.activeServers,
        activity: body.recentActivity.length,
        servers: body.servers.length,
      };
    }
    const dist = distribution(times);
    log(`  ${backend} dashboard: p50 ${ms(dist.p50)} p95 ${ms(dist.p95)} ms`);
    return { backend, seedS, dist, answer, load };
  } finally {
    agent.destroy();
    await child.stop();
    await bench.drop();
  }
}

export function dashboardSection(results: DashboardResult[], note: string): Section {
  const c = DASHBOARD_CONFIG;
  const m = machine();
  const parts = [
    `Run ${m.date} on ${describeMachine(m)}.`,
    '',
    `One restaurant (time zone ${c.timeZone}) with ${c.servers} servers, ${c.servers * 2} tables (two per ` +
      `server), ${c.requests.toLocaleString('en')} requests (one INSERT … SELECT generate_series statement, then ` +
      `ANALYZE), ${c.today.toLocaleString('en')} of them made today (a tenth still pending, a tenth taken), the ` +
      `rest over the 60 days before, half taken before being handled, a tenth dismissed, a twentieth escalated; ` +
      `${c.assignments.toLocaleString('en')} table assignments; half the servers online. The real server (child ` +
      'process) answers `GET /api/restaurants/:restaurantId/dashboard` (figures, the 20 latest events and every ' +
      "server's status: three statements, decision 044) as the owner, one call at a time over one keep-alive " +
      `connection, ${c.calls} timed calls after 10 untimed; time from sending the GET to the whole body.`,
  ];
  if (note) parts.push('', note);
  for (const res of results) {
    parts.push(
      '',
      `#### ${res.backend === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL'}`,
      '',
      `Seeded in ${res.seedS.toFixed(1)} s; load average at the start (1/5/15 min): ${res.load}. The last answer: ` +
        `${res.answer.requestsToday} requests today, ${res.answer.activeServers} active servers, ` +
        `${res.answer.activity} events, ${res.answer.servers} servers.`,
      '',
      table(
        ['calls', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms'],
        [[res.dist.count, ms(res.dist.p50), ms(res.dist.p95), ms(res.dist.p99), ms(res.dist.max)]],
      ),
    );
  }
  return {
    id: 'dashboard',
    title: 'Dashboard at 1M requests, 100 servers',
    markdown: parts.join('\n'),
    budgets: [],
  };
}
