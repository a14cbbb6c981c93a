/**
 * The floor to compare against (issue 16 item 7): the same guest press (HTTP POST) and staff fan-out (WebSocket at
 * /api/live) on the same stack — Fastify, @fastify/websocket — with no database, no authorization query, no cool-down
 * and no batching. What the real server adds on top of this is the cost of being durable and correct; `npm run bench
 * -- floor` reports the ratio. Run as a child process (bench/lib/server.ts `startServer({ script })`), with
 * FLOOR_FLEET naming a JSON file: `{ "<cookie header>": "<restaurant id>" }` for every staff session.
 *
 * With FLOOR_DATABASE_URL it is the durable floor: before the fan-out each press is written as one row (a primary
 * key, nothing else) and committed on PostgreSQL, a prepared single-row INSERT on a pooled connection — the least
 * any design pays that announces a press only after it commits. The distance from the in-memory floor to this one is
 * the machine's price of durability; the distance from this one to ours is what our statement adds on top.
 */
import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';
import websocket from '@fastify/websocket';
import type { WebSocket } from 'ws';

const fleet = JSON.parse(fs.readFileSync(process.env.FLOOR_FLEET!, 'utf8')) as Record<
  string,
  string
>;
const rooms = new Map<string, Set<WebSocket>>();

const durable = process.env.FLOOR_DATABASE_URL
  ? new pg.Pool({ connectionString: process.env.FLOOR_DATABASE_URL, max: 2 })
  : null;
await durable?.query(
  'create table if not exists floor_presses (id text primary key, restaurant_id text not null, table_id text not null, created_at bigint not null)',
);
const INSERT = {
  name: 'floor_press',
  text: 'insert into floor_presses (id, restaurant_id, table_id, created_at) values ($1, $2, $3, $4)',
};

const app = Fastify({ logger: false });
await app.register(websocket);

app.get('/api/session', () => ({ user: null }));

app.get('/api/live', { websocket: true }, (socket, request) => {
  const restaurantId = fleet[request.headers.cookie ?? ''];
  if (!restaurantId) {
    socket.close(4401, 'unauthorized');
    return;
  }
  let room = rooms.get(restaurantId);
  if (!room) rooms.set(restaurantId, (room = new Set()));
  room.add(socket);
  socket.on('close', () => room.delete(socket));
  socket.send(JSON.stringify({ type: 'hello' }));
});

app.post<{
  Params: { restaurantId: string; tableId: string };
  Body: { type?: string };
}>('/api/public/restaurants/:restaurantId/tables/:tableId/requests', async (request, reply) => {
  const { restaurantId, tableId } = request.params;
  const now = Date.now();
  const created = {
    id: randomUUID(),
    restaurantId,
    tableId,
    tableNumber: tableId,
    serverId: null,
    type: request.body?.type ?? 'server',
    status: 'pending',
    createdAt: now,
    updatedAt: now,
  };
  await durable?.query({ ...INSERT, values: [created.id, restaurantId, tableId, now] });
  const frame = JSON.stringify({ type: 'request.created', request: created });
  for (const socket of rooms.get(restaurantId) ?? []) socket.send(frame);
  return reply.code(201).send({ request: created });
});

await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
for (const signal of ['SIGTERM', 'SIGINT'] as const)
  process.on(
    signal,
    () => void Promise.all([app.close(), durable?.end()]).then(() => process.exit(0)),
  );
