import type { RequestKind } from '@shared/request-types';
import type { BillMethod, GuestRequestState, GuestTableResponse } from '@shared/schemas';
import type { TableRef } from '@shared/paths';
import { routes } from '@shared/api/routes';
import { call } from '../../../lib/api-client';
import { guestDeviceId } from '../lib/press-delivery';
import {
  guestCooldownResponse,
  guestRequestResponse,
  guestRequestStateResponse,
  guestTableResponse,
} from './guest-responses';

// The table's routes with this page's own guards instead of the zod schemas (decision 016): routes.ts holds no zod.
const guestTable = { ...routes.getGuestTable, responses: { 200: guestTableResponse } };
const guestCooldown = { ...routes.getGuestCooldown, responses: { 200: guestCooldownResponse } };
const guestPress = {
  ...routes.createGuestRequest,
  // The body's type only: the server checks it; this page carries no zod to check it with.
  body: undefined as unknown as { type: RequestKind; note?: string; urgent?: boolean },
  responses: { 201: guestRequestResponse },
};
const guestCancel = {
  ...routes.cancelGuestRequest,
  body: undefined as unknown as { pressKey: string },
  responses: { 200: guestRequestStateResponse },
};
const guestBillMethod = {
  ...routes.setGuestBillMethod,
  body: undefined as unknown as { pressKey: string; method: BillMethod },
  responses: { 200: guestRequestStateResponse },
};

/** The public table page data; 404 when the restaurant or table is missing or do not belong together. */
export function fetchGuestTable(restaurantId: string, tableId: string) {
  return call(guestTable, { params: { restaurantId, tableId } });
}

/** SPEC §9's cool-down re-check; it also brings the table's open requests (issue 12). */
export function fetchCooldown(restaurantId: string, tableId: string) {
  return call(guestCooldown, { params: { restaurantId, tableId } });
}

/** A press not answered within this long is tried again (with the same key, so it is never stored twice). */
const PRESS_TIMEOUT_MS = 10_000;

/**
 * The guest's press, with its idempotency key (decision 056): every retry of one press sends the same key, and the
 * server answers a key it has seen with the request it made then.
 */
export function sendGuestRequest(
  restaurantId: string,
  tableId: string,
  type: RequestKind,
  key: string,
  extras: { note?: string | null | undefined; urgent?: boolean | undefined } = {},
) {
  return call(guestPress, {
    params: { restaurantId, tableId },
    // A note and the flag only when there are any (decision 070): the usual press stays { type }.
    body: {
      type,
      ...(extras.note ? { note: extras.note } : {}),
      ...(extras.urgent ? { urgent: true } : {}),
    },
    // Decision 089: this browser's device id, so a prank dismissal blocks this device (and no other) here.
    options: {
      headers: { 'idempotency-key': key, 'x-device-id': guestDeviceId() },
      timeoutMs: PRESS_TIMEOUT_MS,
    },
  });
}

/** Cancel my call (decision 071): proven by the press's own key, which only this device holds. */
export function cancelGuestRequest(ref: TableRef, requestId: string, pressKey: string) {
  return call(guestCancel, { params: { ...ref, requestId }, body: { pressKey } });
}

/** How the guest will pay the bill (decision 071), from the device that pressed Get Bill. */
export function setGuestBillMethod(
  ref: TableRef,
  requestId: string,
  pressKey: string,
  method: BillMethod,
) {
  return call(guestBillMethod, { params: { ...ref, requestId }, body: { pressKey, method } });
}

/**
 * One of the table's requests changed (the table's live channel, issue 12): an open one replaces its old state,
 * newest first; a completed or dismissed one leaves the list.
 */
export function applyTableRequest(
  data: GuestTableResponse | undefined,
  request: GuestRequestState,
): GuestTableResponse | undefined {
  if (!data) return data;
  const others = data.openRequests.filter((r) => r.id !== request.id);
  const open = request.status === 'pending' || request.status === 'acknowledged';
  return {
    ...data,
    openRequests: (open ? [...others, request] : others).sort((a, b) => b.createdAt - a.createdAt),
  };
}
