/**
 * The staff live channel's frames, checked by hand (decision 104: no zod in the staff app's first load). The server
 * writes each frame from a typed `LiveEvent` (the shared `liveEventSchema`'s type); what is checked here is what the
 * app dispatches on: a known `type`, and that type's fields present with their kinds. A frame that fails is ignored.
 */
import type { LiveEvent } from '@shared/schemas';
import { isObject } from './guards';

type Kind = 'string' | 'object';

/** Per event type, the fields it carries (the schema's shape, one level deep). */
const FIELDS: { readonly [T in LiveEvent['type']]: Readonly<Record<string, Kind>> } = {
  hello: { userId: 'string' },
  'request.created': { request: 'object' },
  'request.updated': { request: 'object' },
  'table.changed': { table: 'object' },
  'table.deleted': { restaurantId: 'string', tableId: 'string' },
  'restaurant.updated': { restaurant: 'object' },
  'restaurant.deleted': { restaurantId: 'string' },
  'session.ended': {},
  'presence.changed': { restaurantId: 'string' },
  'shift.changed': { restaurantId: 'string' },
  resync: {},
};

function isLiveEvent(value: unknown): value is LiveEvent {
  if (!isObject(value) || typeof value.type !== 'string' || !Object.hasOwn(FIELDS, value.type))
    return false;
  const fields = FIELDS[value.type as LiveEvent['type']];
  return Object.entries(fields).every(([name, kind]) =>
    kind === 'object' ? isObject(value[name]) : typeof value[name] === 'string',
  );
}

export function parseLiveEvent(data: unknown): LiveEvent | null {
  if (typeof data !== 'string') return null;
  try {
    const value: unknown = JSON.parse(data);
    return isLiveEvent(value) ? value : null;
  } catch {
    return null;
  }
}
