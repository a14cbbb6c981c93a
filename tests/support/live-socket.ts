/**
 * A staff console's live socket (/api/live) as a test drives it: every event kept (and checked against the shared
 * liveEventSchema), wait for one by type.
 */
import WebSocket from 'ws';
import { liveEventSchema, type LiveEvent } from '@shared/schemas';

export interface LiveSocket {
  ws: WebSocket;
  /** Every event received and not yet taken by next(). */
  events: LiveEvent[];
  /** Every event ever received, in order (next() does not take from it). */
  all: LiveEvent[];
  next(type: LiveEvent['type'], timeoutMs?: number): Promise<LiveEvent>;
  /** Resolves with the first event ever received (in `all`) that matches. */
  until(match: (event: LiveEvent) => boolean, timeoutMs?: number): Promise<LiveEvent>;
  closed: Promise<number>;
}

/** `base`: the listening app's http:// address; the handshake carries it as Origin, as a browser would. */
export function connectLive(base: string, cookie: string): Promise<LiveSocket> {
  const ws = new WebSocket(base.replace('http', 'ws') + '/api/live', {
    headers: { cookie },
    origin: base,
  });
  const events: LiveEvent[] = [];
  const all: LiveEvent[] = [];
  const waiters: { type: string; resolve: (e: LiveEvent) => void }[] = [];
  ws.on('message', (data: Buffer) => {
    const event = JSON.parse(data.toString()) as LiveEvent;
    // The staff app checks frames by hand (decision 104); here every frame the server sends in a test must match
    // the shared schema, so the two cannot drift apart unseen (a mismatch throws and fails the test).
    liveEventSchema.parse(event);
    events.push(event);
    all.push(event);
    for (const w of waiters.filter((x) => x.type === event.type)) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(event);
    }
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  const next = (type: LiveEvent['type'], timeoutMs = 3000) =>
    new Promise<LiveEvent>((resolve, reject) => {
      const seen = events.find((e) => e.type === type);
      if (seen) {
        events.splice(events.indexOf(seen), 1);
        return resolve(seen);
      }
      const timer = setTimeout(
        () => reject(new Error(`no ${type} within ${timeoutMs} ms`)),
        timeoutMs,
      );
      waiters.push({
        type,
        resolve: (e) => (clearTimeout(timer), events.splice(events.indexOf(e), 1), resolve(e)),
      });
    });
  const until = (match: (event: LiveEvent) => boolean, timeoutMs = 3000) =>
    new Promise<LiveEvent>((resolve, reject) => {
      const deadline = Date.now() + timeoutMs;
      const look = () => {
        const found = all.find(match);
        if (found) return resolve(found);
        if (Date.now() > deadline)
          return reject(new Error(`no matching event within ${timeoutMs} ms`));
        setTimeout(look, 10);
      };
      look();
    });
  const socket: LiveSocket = {
    ws,
    events,
    all,
    closed,
    next,
    until,
  };
  return new Promise((resolve, reject) => {
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('open', () => resolve(socket));
  });
}

/** The restaurant an event concerns, when it names one. */
export function restaurantOf(event: LiveEvent): string | null {
  switch (event.type) {
    case 'request.created':
    case 'request.updated':
      return event.request.restaurantId;
    case 'table.changed':
      return event.table.restaurantId;
    case 'table.deleted':
    case 'restaurant.deleted':
    case 'presence.changed':
    case 'shift.changed':
      return event.restaurantId;
    case 'restaurant.updated':
      return event.restaurant.id;
    case 'hello':
    case 'session.ended':
    case 'resync':
      return null;
  }
}
