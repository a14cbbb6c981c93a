/**
 * Issue 29 item 2 on the server (decision 087): the restaurant's own buttons — SPEC's four hidden or shown, up to 8 of
 * its own with a label per language and an icon — and what every refusal says; a press of a hidden, deleted or
 * unknown type is refused; a deleted type keeps naming its history. Run on PGlite, and on PostgreSQL with
 * DATABASE_URL set.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { requests, tables } from '../../db/schema';
import { MSG } from '@shared/messages';
import { BUTTON_LABEL_MAX, CUSTOM_TYPES_MAX } from '@shared/request-types';
import type {
  GuestTableResponse,
  Restaurant,
  RequestHistoryResponse,
  RequestsResponse,
} from '@shared/schemas';
import { createTestApp, request, type TestApp } from '../../../../tests/support/test-app';
import { makeFloor } from '../../../../tests/support/factories';
import { newRequestPayload, overduePayload } from '../push/push-payloads';
import { serverI18n } from '../../i18n';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ escalationSweepMs: 0 });
});
afterAll(() => t.close());

let presses = 0;
const guestBase = (restaurantId: string, tableId: string) =>
  `/api/public/restaurants/${restaurantId}/tables/${tableId}`;
const press = (restaurantId: string, tableId: string, type: string) =>
  request(t, 'POST', `${guestBase(restaurantId, tableId)}/requests`, {
    body: { type },
    remoteAddress: `10.87.${Math.floor(++presses / 250)}.${presses % 250}`,
    headers: { 'idempotency-key': randomUUID() },
  });
const save = (restaurantId: string, cookie: string, body: unknown) =>
  request(t, 'PUT', `/api/restaurants/${restaurantId}/request-types`, { cookie, body });
const highChair = { labels: { en: 'High chair', es: 'Trona' }, icon: 'chair' };
/** The table's cool-down ends, so the next press is judged on its type alone. */
const endCooldown = (restaurantId: string) =>
  t.database.db
    .update(requests)
    .set({ status: 'completed', resolvedAt: Date.now() })
    .where(eq(requests.restaurantId, restaurantId))
    .then(() =>
      t.database.db
        .update(tables)
        .set({ lastRequestAt: null })
        .where(eq(tables.restaurantId, restaurantId)),
    );

describe('the restaurant’s own buttons (decision 087)', () => {
  it('adds a custom button and hides Refill Drinks; guests see them, a press of it reaches the console by its key', async () => {
    const { restaurant, table, adminCookie, serverCookie } = await makeFloor(t);
    const saved = await save(restaurant.id, adminCookie, {
      hidden: ['refill'],
      custom: [highChair],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { requestTypes } = saved.json<{ restaurant: Restaurant }>().restaurant;
    expect(requestTypes.hidden).toEqual(['refill']);
    expect(requestTypes.custom).toHaveLength(1);
    const key = requestTypes.custom[0]!.key;
    expect(key).toMatch(/^c_[a-z0-9]{10}$/);
    expect(requestTypes.custom[0]).toMatchObject({
      labels: { en: 'High chair', es: 'Trona' },
      icon: 'chair',
      deletedAt: null,
    });

    const guest = (
      await request(t, 'GET', guestBase(restaurant.id, table.id))
    ).json<GuestTableResponse>();
    expect(guest.restaurant.requestTypes).toEqual(requestTypes);

    const hidden = await press(restaurant.id, table.id, 'refill');
    expect(hidden.statusCode).toBe(422);
    expect(hidden.json().error).toEqual({
      code: 'request_type_unavailable',
      message: MSG.requestTypeUnavailable,
      messageId: 'requestTypeUnavailable',
    });

    const sent = await press(restaurant.id, table.id, key);
    expect(sent.statusCode, sent.body).toBe(201);
    const console = (
      await request(t, 'GET', `/api/restaurants/${restaurant.id}/requests`, {
        cookie: serverCookie,
      })
    ).json<RequestsResponse>();
    expect(console.pending.map((r) => r.type)).toEqual([key]);
    // The server (staff) view of the restaurant carries the labels that name it.
    const asServer = (
      await request(t, 'GET', `/api/restaurants/${restaurant.id}`, { cookie: serverCookie })
    ).json<{ restaurant: Restaurant }>();
    expect(asServer.restaurant.requestTypes.custom[0]!.labels.en).toBe('High chair');
  });

  it('refuses an unknown type: a key of no button (422), and a type of no shape at all (400)', async () => {
    const { restaurant, table } = await makeFloor(t);
    const unknown = await press(restaurant.id, table.id, 'c_abcdefghij');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error.code).toBe('request_type_unavailable');
    const shapeless = await press(restaurant.id, table.id, 'dessert');
    expect(shapeless.statusCode).toBe(400);
    expect(
      await t.database.db.select().from(requests).where(eq(requests.tableId, table.id)),
    ).toEqual([]);
  });

  it('refuses a ninth button, and a change that leaves guests no button', async () => {
    const { restaurant, adminCookie } = await makeFloor(t);
    const nine = Array.from({ length: CUSTOM_TYPES_MAX + 1 }, (_, i) => ({
      labels: { en: `Button ${i}` },
      icon: 'star',
    }));
    const tooMany = await save(restaurant.id, adminCookie, { hidden: [], custom: nine });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error).toEqual({
      code: 'buttons_too_many',
      message: MSG.buttonsTooMany,
      messageId: 'buttonsTooMany',
    });
    const eight = await save(restaurant.id, adminCookie, {
      hidden: [],
      custom: nine.slice(0, CUSTOM_TYPES_MAX),
    });
    expect(eight.statusCode).toBe(200);

    const none = await save(restaurant.id, adminCookie, {
      hidden: ['server', 'order', 'refill', 'bill'],
      custom: [],
    });
    expect(none.statusCode).toBe(422);
    expect(none.json().error).toEqual({
      code: 'buttons_none_enabled',
      message: MSG.buttonsNoneEnabled,
      messageId: 'buttonsNoneEnabled',
    });
    // All four hidden is fine while a button of its own stays.
    const ownOnly = await save(restaurant.id, adminCookie, {
      hidden: ['server', 'order', 'refill', 'bill'],
      custom: [highChair],
    });
    expect(ownOnly.statusCode).toBe(200);
  });

  it('refuses labels: none in the fallback language, too long, or with invisible characters; and an unknown icon', async () => {
    const { restaurant, adminCookie } = await makeFloor(t);
    const cases: [unknown, string][] = [
      [{ labels: { es: 'Trona' }, icon: 'chair' }, 'button_label_required'],
      [{ labels: { en: '   ' }, icon: 'chair' }, 'button_label_required'],
      [
        { labels: { en: 'x'.repeat(BUTTON_LABEL_MAX + 1) }, icon: 'chair' },
        'button_label_too_long',
      ],
      [{ labels: { en: 'High\u202Echair' }, icon: 'chair' }, 'button_label_invalid'],
      [{ labels: { en: 'High chair', es: 'Tro\u200Bna' }, icon: 'chair' }, 'button_label_invalid'],
      [{ labels: { en: 'High\nchair' }, icon: 'chair' }, 'button_label_invalid'],
      [{ labels: { en: 'High chair' }, icon: 'rocket' }, 'button_icon_invalid'],
    ];
    for (const [button, code] of cases) {
      const res = await save(restaurant.id, adminCookie, { hidden: [], custom: [button] });
      expect(res.statusCode, JSON.stringify(button)).toBe(400);
      expect(res.json().error.code, JSON.stringify(button)).toBe(code);
    }
    // Exactly the limit, counted in characters (an emoji once), is fine; so is a label only in the guest language.
    const atLimit = await save(restaurant.id, adminCookie, {
      hidden: [],
      custom: [{ labels: { en: '🪑'.repeat(BUTTON_LABEL_MAX) }, icon: 'chair' }],
    });
    expect(atLimit.statusCode, atLimit.body).toBe(200);
    await request(t, 'PATCH', `/api/restaurants/${restaurant.id}`, {
      cookie: adminCookie,
      body: { guestLanguage: 'es' },
    });
    const spanishOnly = await save(restaurant.id, adminCookie, {
      hidden: [],
      custom: [{ labels: { es: 'Trona' }, icon: 'chair' }],
    });
    expect(spanishOnly.statusCode, spanishOnly.body).toBe(200);
  });

  it('is the owner’s alone: a server is refused, another owner finds no such restaurant', async () => {
    const { restaurant, adminCookie, serverCookie } = await makeFloor(t);
    const other = await makeFloor(t);
    expect((await save(restaurant.id, serverCookie, { hidden: [], custom: [] })).statusCode).toBe(
      403,
    );
    const cross = await save(restaurant.id, other.adminCookie, {
      hidden: ['bill'],
      custom: [highChair],
    });
    expect(cross.statusCode).toBe(404);
    expect(cross.json().error.code).toBe('restaurant_not_found');
    const mine = (
      await request(t, 'GET', `/api/restaurants/${restaurant.id}`, { cookie: adminCookie })
    ).json<{ restaurant: Restaurant }>();
    expect(mine.restaurant.requestTypes).toEqual({ hidden: [], custom: [] });
    // Another restaurant's button key is not this restaurant's: changing it is refused.
    const theirs = (
      await save(other.restaurant.id, other.adminCookie, { hidden: [], custom: [highChair] })
    ).json<{ restaurant: Restaurant }>().restaurant.requestTypes.custom[0]!.key;
    const borrowed = await save(restaurant.id, adminCookie, {
      hidden: [],
      custom: [{ ...highChair, key: theirs }],
    });
    expect(borrowed.statusCode).toBe(404);
    expect(borrowed.json().error.code).toBe('button_not_found');
    // …and a guest at this restaurant cannot press it.
    const pressed = await press(restaurant.id, other.table.id, theirs);
    expect(pressed.statusCode).toBe(404);
  });

  it('deletes a button with history: its press is refused, history, push texts and analytics still name it', async () => {
    const { restaurant, table, adminCookie } = await makeFloor(t);
    const first = (
      await save(restaurant.id, adminCookie, { hidden: [], custom: [highChair] })
    ).json<{ restaurant: Restaurant }>().restaurant;
    const key = first.requestTypes.custom[0]!.key;
    const sent = await press(restaurant.id, table.id, key);
    expect(sent.statusCode).toBe(201);
    await endCooldown(restaurant.id);

    const deleted = await save(restaurant.id, adminCookie, { hidden: [], custom: [] });
    expect(deleted.statusCode).toBe(200);
    const after = deleted.json<{ restaurant: Restaurant }>().restaurant;
    expect(after.requestTypes.custom).toEqual([
      expect.objectContaining({ key, labels: { en: 'High chair', es: 'Trona' } }),
    ]);
    expect(after.requestTypes.custom[0]!.deletedAt).toEqual(expect.any(Number));
    // Guests no longer see it…
    const guest = (
      await request(t, 'GET', guestBase(restaurant.id, table.id))
    ).json<GuestTableResponse>();
    expect(guest.restaurant.requestTypes.custom).toEqual([]);
    // …nor can press it.
    const again = await press(restaurant.id, table.id, key);
    expect(again.statusCode).toBe(422);
    expect(again.json().error.code).toBe('request_type_unavailable');
    // A deleted key cannot be brought back by sending it.
    const revived = await save(restaurant.id, adminCookie, {
      hidden: [],
      custom: [{ ...highChair, key }],
    });
    expect(revived.statusCode).toBe(404);

    // History keeps the request with its type; the owner's restaurant still names it.
    const history = (
      await request(t, 'GET', `/api/restaurants/${restaurant.id}/requests/history`, {
        cookie: adminCookie,
      })
    ).json<RequestHistoryResponse>();
    expect(history.requests.map((r) => r.type)).toContain(key);
    // Analytics count it by its key.
    const analytics = await request(
      t,
      'GET',
      `/api/restaurants/${restaurant.id}/analytics?period=day`,
      { cookie: adminCookie },
    );
    expect(analytics.statusCode, analytics.body).toBe(200);
    expect(analytics.json().types).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: key, count: 1 })]),
    );
    // Push and escalation texts name it in the recipient's language, with the fallback.
    const row = history.requests.find((r) => r.type === key)!;
    const buttons = { requestTypes: after.requestTypes, guestLanguage: 'en' };
    expect(newRequestPayload(row, serverI18n('es'), buttons).body).toBe('Trona');
    expect(newRequestPayload(row, serverI18n('de'), buttons).body).toBe('High chair');
    expect(overduePayload(row, 3, 'server', serverI18n('en'), buttons).body).toContain(
      'High chair',
    );
  });

  it('keeps the order sent, changes a button in place by its key, and keeps the SPEC types’ order', async () => {
    const { restaurant, adminCookie } = await makeFloor(t);
    const first = (
      await save(restaurant.id, adminCookie, {
        hidden: ['bill', 'order'],
        custom: [highChair, { labels: { en: 'Napkins' }, icon: 'tissue' }],
      })
    ).json<{ restaurant: Restaurant }>().restaurant.requestTypes;
    expect(first.hidden).toEqual(['order', 'bill']);
    const [chair, napkins] = first.custom;
    const swapped = (
      await save(restaurant.id, adminCookie, {
        hidden: [],
        custom: [
          { key: napkins!.key, labels: { en: 'More napkins' }, icon: 'tissue' },
          { key: chair!.key, labels: chair!.labels, icon: 'bottle' },
        ],
      })
    ).json<{ restaurant: Restaurant }>().restaurant.requestTypes;
    expect(swapped.custom.map((c) => [c.key, c.labels.en, c.icon])).toEqual([
      [napkins!.key, 'More napkins', 'tissue'],
      [chair!.key, 'High chair', 'bottle'],
    ]);
  });
});
