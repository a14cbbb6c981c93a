/** The visibility rule and per-audience views, and the hub revoking membership the moment access ends. */
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import type { LiveEvent, Restaurant, ServiceRequest, Table } from '@shared/schemas';
import { Hub, type Connection } from '../live/hub';
import {
  canSeeRequest,
  canSeeTable,
  isUncovered,
  liveEventFor,
  requestScopeOf,
  restaurantFor,
  type RequestRouting,
  type SessionUser,
} from './policy';

const admin: SessionUser = { id: 'a1', role: 'admin', name: 'A', restaurantId: null };
const me: SessionUser = { id: 's1', role: 'server', name: 'S1', restaurantId: 'r1' };
const elsewhere: SessionUser = { id: 's9', role: 'server', name: 'S9', restaurantId: 'r2' };
const superAdmin: SessionUser = { id: 'x', role: 'super_admin', name: 'X', restaurantId: null };

const table = (serverId: string | null, restaurantId = 'r1'): Table => ({
  id: 't1',
  number: '1',
  restaurantId,
  status: 'available',
  serverId,
  serverName: null,
  sectionId: null,
  sectionName: null,
  sectionServerIds: [],
  note: null,
  seatedAt: null,
  qrCode: `https://example.test/table/${restaurantId}/t1`,
  createdAt: 1,
  updatedAt: 1,
});
const request = (serverId: string | null, restaurantId = 'r1'): ServiceRequest => ({
  id: 'q1',
  restaurantId,
  tableId: 't1',
  tableNumber: '1',
  serverId,
  sectionServerIds: [],
  type: 'bill',
  status: 'pending',
  overdue: false,
  acknowledgedAt: null,
  acknowledgedBy: null,
  resolvedAt: null,
  resolvedBy: null,
  note: null,
  urgent: false,
  billMethod: null,
  reopenedAt: null,
  reach: 'routed',
  reachServerIds: null,
  createdAt: 1,
  updatedAt: 1,
});
const restaurant: Restaurant = {
  id: 'r1',
  name: 'R',
  logoUrl: null,
  primaryColor: '#000000',
  secondaryColor: '#ffffff',
  reviewUrl: 'https://reviews.example/r1',
  showServerNames: true,
  orderReminderMinutes: null,
  visitCloseAfterBillMinutes: 15,
  billReminderMinutes: null,
  ownerId: 'a1',
  escalateAfterMinutes: 3,
  receiptTimeoutSeconds: 20,
  pagerRepeat: false,
  timeZone: 'UTC',
  guestLanguage: 'en',
  requestTypes: { hidden: [], custom: [] },
  openingHours: null,
  pressBudgetPerMinute: 120,
  createdAt: 1,
  updatedAt: 1,
};

/** canSeeRequest for a call the reach sweep has not widened (decision 091): the table rule. */
const seeRouted = (user: SessionUser, work: Omit<RequestRouting, 'reach' | 'reachServerIds'>) =>
  canSeeRequest(user, { ...work, reach: 'routed', reachServerIds: null });

describe('the visibility rule (decision 004)', () => {
  it('a server sees their own and unassigned work in their restaurant only; an admin all; a super admin none', () => {
    for (const see of [canSeeTable, seeRouted]) {
      expect(see(me, { restaurantId: 'r1', serverId: null, sectionServerIds: [] })).toBe(true);
      expect(see(me, { restaurantId: 'r1', serverId: 's1', sectionServerIds: [] })).toBe(true);
      expect(see(me, { restaurantId: 'r1', serverId: 's2', sectionServerIds: [] })).toBe(false);
      expect(see(me, { restaurantId: 'r2', serverId: null, sectionServerIds: [] })).toBe(false);
      expect(see(admin, { restaurantId: 'r1', serverId: 's2', sectionServerIds: [] })).toBe(true);
      expect(see(superAdmin, { restaurantId: 'r1', serverId: null, sectionServerIds: [] })).toBe(
        false,
      );
    }
    expect(requestScopeOf(me)).toBe('s1');
    expect(requestScopeOf(admin)).toBeNull();
  });

  it("decision 077: a table with no server goes to its section's servers, with none to everyone", () => {
    for (const see of [canSeeTable, seeRouted]) {
      const inMySection = { restaurantId: 'r1', serverId: null, sectionServerIds: ['s1', 's3'] };
      const inOtherSection = { restaurantId: 'r1', serverId: null, sectionServerIds: ['s2'] };
      expect(see(me, inMySection)).toBe(true);
      expect(see(me, inOtherSection)).toBe(false);
      // The table's own server comes first: a section colleague does not see it, its server does.
      expect(see(me, { restaurantId: 'r1', serverId: 's2', sectionServerIds: ['s1'] })).toBe(false);
      expect(see(me, { restaurantId: 'r1', serverId: 's1', sectionServerIds: ['s2'] })).toBe(true);
      expect(see(elsewhere, { ...inMySection, sectionServerIds: ['s9'] })).toBe(false);
      expect(see(admin, inOtherSection)).toBe(true);
    }
    expect(isUncovered({ serverId: null, sectionServerIds: [] })).toBe(true);
    expect(isUncovered({ serverId: null, sectionServerIds: ['s1'] })).toBe(false);
    expect(isUncovered({ serverId: 's1', sectionServerIds: [] })).toBe(false);
  });

  it('decision 091: a re-routed call is every server’s of its restaurant, never another restaurant’s', () => {
    const colleagues = {
      restaurantId: 'r1',
      serverId: 's2',
      sectionServerIds: [],
      reachServerIds: null,
    };
    expect(canSeeRequest(me, { ...colleagues, reach: 'routed' })).toBe(false);
    expect(canSeeRequest(me, { ...colleagues, reach: 'servers' })).toBe(true);
    expect(canSeeRequest(me, { ...colleagues, reach: 'admin' })).toBe(true);
    expect(canSeeRequest(elsewhere, { ...colleagues, reach: 'admin' })).toBe(false);
    expect(canSeeRequest(superAdmin, { ...colleagues, reach: 'admin' })).toBe(false);
  });

  it('decision 094: once shifts are in use, a re-routed call is only the servers’ on duty', () => {
    const call = {
      restaurantId: 'r1',
      serverId: 's2',
      sectionServerIds: [],
      reach: 'servers' as const,
    };
    expect(canSeeRequest(me, { ...call, reachServerIds: ['s1', 's3'] })).toBe(true);
    expect(canSeeRequest(me, { ...call, reachServerIds: ['s3'] })).toBe(false);
    expect(canSeeRequest(me, { ...call, reachServerIds: [] })).toBe(false);
    // Its own server keeps it whether on duty or not; the admin always sees it.
    expect(canSeeRequest(me, { ...call, serverId: 's1', reachServerIds: ['s3'] })).toBe(true);
    expect(canSeeRequest(admin, { ...call, reachServerIds: ['s3'] })).toBe(true);
  });

  it('a server’s view of a restaurant leaves out its owner; the owner’s keeps it', () => {
    expect(restaurantFor(me, restaurant)).not.toHaveProperty('ownerId');
    expect(restaurantFor(admin, restaurant)).toBe(restaurant);
  });
});

describe('liveEventFor', () => {
  it('turns a colleague’s table into its removal for a server, shared by every such recipient', () => {
    const event: LiveEvent = { type: 'table.changed', table: table('s2') };
    const view = liveEventFor(me, event);
    expect(view).toEqual({ type: 'table.deleted', restaurantId: 'r1', tableId: 't1' });
    expect(liveEventFor({ ...me, id: 's3' }, event)).toBe(view);
    expect(liveEventFor(admin, event)).toBe(event);
    expect(liveEventFor(elsewhere, event)).toBeNull();
  });

  it('passes a server their own and unassigned tables and requests, and nothing of a colleague’s requests', () => {
    const mine: LiveEvent = { type: 'table.changed', table: table('s1') };
    expect(liveEventFor(me, mine)).toBe(mine);
    expect(liveEventFor(me, { type: 'request.created', request: request('s2') })).toBeNull();
    const open: LiveEvent = { type: 'request.updated', request: request(null) };
    expect(liveEventFor(me, open)).toBe(open);
    expect(liveEventFor(elsewhere, open)).toBeNull();
  });

  it('sends a server the restaurant without its owner', () => {
    const event: LiveEvent = { type: 'restaurant.updated', restaurant };
    const view = liveEventFor(me, event);
    expect(view).toEqual({ type: 'restaurant.updated', restaurant: restaurantFor(me, restaurant) });
    expect(liveEventFor(admin, event)).toBe(event);
    expect(liveEventFor(elsewhere, event)).toBeNull();
  });
});

class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  sent: LiveEvent[] = [];
  closedWith: number | null = null;
  send(data: string) {
    this.sent.push(JSON.parse(data) as LiveEvent);
  }
  /** A close handshake takes a while: the socket stays in the hub until 'close' — unless the hub revokes it. */
  close(code: number) {
    this.closedWith = code;
  }
  ping() {}
  terminate() {}
}

function connect(hub: Hub, user: SessionUser, rooms: string[], expiresAt?: number) {
  const socket = new FakeSocket();
  const conn: Connection = {
    socket: socket as unknown as WebSocket,
    user,
    sessionId: 'session-' + user.id,
    rooms: new Set(),
    alive: true,
    expiresAt,
  };
  hub.add(conn);
  for (const r of rooms) hub.join(conn, r);
  return socket;
}

const tableChanged = (restaurantId: string): LiveEvent => ({
  type: 'table.changed',
  table: table(null, restaurantId),
});

describe('Hub membership', () => {
  it('empties a deleted restaurant’s room: an event naming that id again reaches no one', () => {
    const hub = new Hub();
    const socket = connect(hub, admin, ['r1', 'r2']);
    hub.deliver({
      scope: 'restaurant',
      restaurantId: 'r1',
      event: { type: 'restaurant.deleted', restaurantId: 'r1' },
    });
    hub.deliver({ scope: 'restaurant', restaurantId: 'r1', event: tableChanged('r1') });
    hub.deliver({ scope: 'restaurant', restaurantId: 'r2', event: tableChanged('r2') });
    expect(socket.sent.map((e) => e.type)).toEqual(['restaurant.deleted', 'table.changed']);
    expect(socket.sent[1]).toMatchObject({ table: { restaurantId: 'r2' } });
    hub.closeAll();
  });

  it('revokes an ended session at once, before its close handshake finishes', () => {
    const hub = new Hub();
    const socket = connect(hub, me, ['r1']);
    hub.deliver({ scope: 'user', userId: me.id, event: { type: 'session.ended' } });
    hub.deliver({ scope: 'restaurant', restaurantId: 'r1', event: tableChanged('r1') });
    expect(socket.closedWith).toBe(4001);
    expect(socket.sent.map((e) => e.type)).toEqual(['session.ended']);
    expect(hub.size).toBe(0);
    hub.closeAll();
  });

  it('closes a socket whose session has expired instead of delivering to it', () => {
    const hub = new Hub();
    const expired = connect(hub, me, ['r1'], Date.now() - 1);
    const current = connect(hub, { ...me, id: 's2' }, ['r1'], Date.now() + 60_000);
    hub.deliver({ scope: 'restaurant', restaurantId: 'r1', event: tableChanged('r1') });
    expect(expired.sent).toEqual([]);
    expect(expired.closedWith).toBe(4001);
    expect(current.sent.map((e) => e.type)).toEqual(['table.changed']);
    hub.closeAll();
  });
});
