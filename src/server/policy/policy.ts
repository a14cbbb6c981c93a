/**
 * The one authorization policy (issue 14, DESIGN.md "Authorization has one home"): who the session user is, which
 * restaurant and table they may act on, what a server sees of a restaurant's requests and tables (decision 004),
 * and which fields each audience gets. Routes gate by role (http/access.ts); services, the live routes and the live
 * hub ask here, so the rule is written once.
 */
import type { Executor } from '../db/client';
import { MSG } from '@shared/messages';
import type { TokenScope } from '@shared/integrations';
import type { LiveEvent, RequestReach, Restaurant, Role } from '@shared/schemas';
import { notFound } from '../http/errors';
import { isOwner } from '../modules/restaurants/restaurants.repo';
import { ownedRestaurantIds } from '../modules/users/users.repo';

/** The signed-in user as every request and live socket carries it (resolved from the session cookie). */
export interface SessionUser {
  id: string;
  role: Role;
  name: string;
  /** A server's restaurant. */
  restaurantId: string | null;
  /** The language the user chose (null: their browser's); read from the session's user row, not set for tokens. */
  language?: string | null;
  /**
   * Set when an API token authenticated the request (decision 075): the token acts for the owner who created it
   * (role admin, id the owner's), in its one restaurant only, and only on endpoints its scopes name.
   */
  token?: { id: string; restaurantId: string; scopes: readonly TokenScope[] };
}

/** An API token's user may work in its own restaurant only, whatever else its owner owns. */
const tokenAllows = (user: SessionUser, restaurantId: string): boolean =>
  !user.token || user.token.restaurantId === restaurantId;

// ---------- restaurant access ----------

/**
 * Whether this user may work in the restaurant now: its owning admin, or a server of it. A super admin manages
 * users, not restaurants (SPEC §6), so has no restaurant access.
 */
export async function canAccessRestaurant(
  db: Executor,
  user: SessionUser,
  restaurantId: string,
): Promise<boolean> {
  switch (user.role) {
    case 'server':
      return user.restaurantId === restaurantId;
    case 'admin':
      return tokenAllows(user, restaurantId) && isOwner(db, restaurantId, user.id);
    case 'super_admin':
      return false;
  }
}

/**
 * Throws 404 unless the user may work in the restaurant. Another tenant's restaurant answers exactly like a missing
 * one, so ids of other tenants leak nothing.
 */
export async function assertRestaurantAccess(
  db: Executor,
  user: SessionUser,
  restaurantId: string,
): Promise<void> {
  if (!(await canAccessRestaurant(db, user, restaurantId)))
    throw notFound(MSG.restaurantNotFound, 'restaurant_not_found');
}

/** Every restaurant the user may work in now: a live socket's rooms at connect. */
export async function accessibleRestaurantIds(db: Executor, user: SessionUser): Promise<string[]> {
  switch (user.role) {
    case 'server':
      return user.restaurantId ? [user.restaurantId] : [];
    case 'admin':
      return (await ownedRestaurantIds(db, user.id)).filter((id) => tokenAllows(user, id));
    case 'super_admin':
      return [];
  }
}

/** Whether a server works at this restaurant (a server's table and request actions: assign, complete …). */
export const worksAt = (user: SessionUser, restaurantId: string): boolean =>
  user.role === 'server' && user.restaurantId === restaurantId;

// ---------- what a server sees (decision 004) ----------

/**
 * Who a table's work goes to (decision 077): its own server; with none, the servers the owner assigned to its section;
 * with none either, every server of the restaurant. For a table these are who serve it now; for a request, who did
 * when the guest pressed (SPEC §3). The SQL form of this rule is requests.repo `visibleTo`.
 */
export interface Routing {
  restaurantId: string;
  serverId: string | null;
  sectionServerIds: readonly string[];
}

/** Decision 077: the table (or the request) is this server's: their own, through their section, or uncovered. */
const routedTo = (serverId: string, work: Routing): boolean =>
  work.serverId !== null
    ? work.serverId === serverId
    : work.sectionServerIds.length === 0 || work.sectionServerIds.includes(serverId);

/** Uncovered (decision 077): no server of its own and no server through its section, so every server's. */
export const isUncovered = (work: Omit<Routing, 'restaurantId'>): boolean =>
  work.serverId === null && work.sectionServerIds.length === 0;

/**
 * The visibility rule, in one place: within a restaurant the user may access, an admin sees everything; a server
 * sees what is routed to them (decision 004, narrowed by sections in decision 077).
 */
function seesWorkOf(user: SessionUser, work: Routing): boolean {
  switch (user.role) {
    case 'admin':
      // Ownership is established before this is asked: assertRestaurantAccess, or the live socket's membership.
      return true;
    case 'server':
      return user.restaurantId === work.restaurantId && routedTo(user.id, work);
    case 'super_admin':
      return false;
  }
}

/** A table in a restaurant the user may access: a server sees the tables routed to them (SPEC §6, decision 077). */
export const canSeeTable = (user: SessionUser, table: Routing): boolean => seesWorkOf(user, table);

/** A request's routing: who it was routed to at the press, and how far the reach sweep has widened it since. */
export interface RequestRouting extends Routing {
  /** Decision 091: routed (the press's snapshot), servers (every server on duty), admin (and the admin). */
  reach: RequestReach;
  /** The servers on duty it reaches once re-routed (decision 094); null: every server (nobody is on duty). */
  reachServerIds: readonly string[] | null;
}

/**
 * A re-routed call reaches every server on duty (decisions 091, 094): every server of the restaurant while nobody is
 * on duty there, else the servers with an open shift, as read with the request (requests.repo, whose list filter
 * `visibleTo` and push.repo's `onDutyServers` are this rule in SQL).
 */
const reachesOnDuty = (user: SessionUser, request: RequestRouting): boolean =>
  user.role === 'server' &&
  (request.reachServerIds === null || request.reachServerIds.includes(user.id));

/**
 * A request in a restaurant the user may access: a server sees the requests routed to them when the guest pressed
 * (decisions 004, 077), and every call the reach sweep re-routed to all servers on duty (decision 091); seeing is
 * also what lets them act on it (from the console or a notification's action).
 */
export const canSeeRequest = (user: SessionUser, request: RequestRouting): boolean =>
  seesWorkOf(user, request) ||
  (request.reach !== 'routed' &&
    worksAt(user, request.restaurantId) &&
    reachesOnDuty(user, request));

/** The request lists' filter (requests.repo visibleTo): a server's id, or null for "every request". */
export const requestScopeOf = (user: SessionUser): string | null =>
  user.role === 'server' ? user.id : null;

// ---------- what each audience may see of a restaurant ----------

/**
 * A restaurant as this user may see it: the owner gets everything; a server gets what their screens show, not
 * who owns it. The REST API and live events both go through here, so they never differ.
 */
export function restaurantFor(user: SessionUser, restaurant: Restaurant): Restaurant {
  if (user.role === 'admin') return restaurant;
  const { ownerId: _owner, ...rest } = restaurant;
  return rest;
}

// ---------- live delivery ----------

/** Derived events, made once per event however many sockets get them (and serialized once by the hub). */
const derived = new WeakMap<LiveEvent, LiveEvent>();
function derive(event: LiveEvent, make: () => LiveEvent): LiveEvent {
  let out = derived.get(event);
  if (!out) derived.set(event, (out = make()));
  return out;
}

/**
 * What one live recipient gets of an event of a restaurant whose room they are in (the hub keeps that membership
 * current): the event itself, a reduced form, or nothing (null). A server never gets a colleague's table
 * (nor its guest URL): a table that was theirs or unassigned and now is a colleague's reaches them as a
 * table.deleted, which drops it from their list exactly as their REST list no longer shows it. Returned objects
 * are shared between recipients with the same view.
 */
export function liveEventFor(user: SessionUser, event: LiveEvent): LiveEvent | null {
  switch (event.type) {
    case 'request.created':
    case 'request.updated':
      return canSeeRequest(user, event.request) ? event : null;
    case 'table.changed': {
      const { table } = event;
      if (canSeeTable(user, table)) return event;
      if (!worksAt(user, table.restaurantId)) return null;
      return derive(event, () => ({
        type: 'table.deleted',
        restaurantId: table.restaurantId,
        tableId: table.id,
      }));
    }
    case 'restaurant.updated':
      if (user.role === 'admin') return event;
      if (!worksAt(user, event.restaurant.id)) return null;
      return derive(event, () => ({
        type: 'restaurant.updated',
        restaurant: restaurantFor(user, event.restaurant),
      }));
    case 'table.deleted':
    case 'restaurant.deleted':
      return user.role === 'admin' || worksAt(user, event.restaurantId) ? event : null;
    case 'shift.changed':
      // Who is on duty is the restaurant's staff's own (decision 095): each console then reads what it may see.
      return user.role === 'admin' || worksAt(user, event.restaurantId) ? event : null;
    case 'presence.changed':
      // Who is online is the owner's dashboard's; a server is not told of colleagues (decision 044).
      return user.role === 'admin' ? event : null;
    case 'hello':
    case 'session.ended':
    case 'resync':
      return event;
  }
}
