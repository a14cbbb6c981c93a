import type { GuestRequestState, ServiceRequest } from '@shared/schemas';
import type { BoardRequest } from '@shared/board';
import type { RequestRouting } from '../../policy/policy';
import type { RequestWithContext } from './requests.repo';
import { isReminderType, type RequestKind } from '@shared/request-types';

/**
 * A request a guest page or a floor board may be told about: any but the service timers' reminders, which are the
 * staff's alone (decision 097).
 */
export type GuestVisibleRequest = ServiceRequest & { type: RequestKind };
export const isGuestVisible = (request: ServiceRequest): request is GuestVisibleRequest =>
  !isReminderType(request.type);

/** The first word of a staff member's display name: what a guest is told ("Anna is on the way", decision 029). */
export function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}

const staffRef = (id: string | null, name: string | null | undefined) =>
  id === null ? null : { id, name: name ?? '' };

/** Overdue: still pending after the restaurant's escalation time (issue: staff alerting). */
export function toApiRequest(row: RequestWithContext, now: number = Date.now()): ServiceRequest {
  return {
    id: row.id,
    restaurantId: row.restaurantId,
    tableId: row.tableId,
    tableNumber: row.tableNumber,
    serverId: row.serverId,
    sectionServerIds: row.sectionServerIds,
    type: row.type,
    status: row.status,
    // Escalated by the sweep (modules/escalation), or past the restaurant's minutes between two sweeps. Only a
    // pending request is ever overdue: escalation counts until someone takes it (issue 12).
    // A request its guest reopened (decision 082) waits again from its reopening.
    // A reminder (decision 097) is never overdue: it is not a guest's wait, and escalation leaves it alone.
    overdue:
      row.status === 'pending' &&
      !isReminderType(row.type) &&
      (row.escalatedAt !== null ||
        now - (row.reopenedAt ?? row.createdAt) >= row.escalateAfterMinutes * 60_000),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    acknowledgedAt: row.acknowledgedAt,
    acknowledgedBy: staffRef(row.acknowledgedBy, row.acknowledgedByName),
    resolvedAt: row.resolvedAt,
    resolvedBy: staffRef(row.resolvedBy, row.resolvedByName),
    note: row.note,
    urgent: row.urgent,
    billMethod: row.billMethod,
    reopenedAt: row.reopenedAt,
    ...reachOfRow(row),
  };
}

/** Decision 091 with 094: how far a call reaches now, and which servers on duty once it was re-routed. */
function reachOfRow(row: RequestWithContext): Pick<ServiceRequest, 'reach' | 'reachServerIds'> {
  return {
    reach: reachOf(row.reachStage),
    reachServerIds: row.reachStage > 0 ? (row.onDutyServerIds ?? null) : null,
  };
}

/** What the visibility rule (policy canSeeRequest) reads of a request row. */
export const routingOf = (row: RequestWithContext): RequestRouting => ({
  restaurantId: row.restaurantId,
  serverId: row.serverId,
  sectionServerIds: row.sectionServerIds,
  ...reachOfRow(row),
});

/** Decision 091: requests.reach_stage as the API says it. */
const reachOf = (stage: number): ServiceRequest['reach'] =>
  stage >= 2 ? 'admin' : stage === 1 ? 'servers' : 'routed';

/**
 * What the table's guest page may know of one of its requests (decision 029): no staff id, no server of the
 * table, no other table; the taker's first name only when the restaurant shows names.
 */
export function toGuestRequestState(
  request: GuestVisibleRequest,
  showServerNames: boolean,
): GuestRequestState {
  const name = request.acknowledgedBy?.name ? firstNameOf(request.acknowledgedBy.name) : '';
  return {
    id: request.id,
    type: request.type,
    status: request.status,
    createdAt: request.createdAt,
    acknowledgedAt: request.acknowledgedAt,
    takenBy: showServerNames && name ? name : null,
    note: request.note,
    urgent: request.urgent,
    billMethod: request.billMethod,
  };
}

/**
 * What a floor board shows of a request (decision 080): its table, type, state, times and the taker's first name.
 * No note text (only that there is one), no staff ids, no bill method: a wall screen is seen by every guest.
 */
export function toBoardRequest(request: GuestVisibleRequest): BoardRequest {
  const name = request.acknowledgedBy?.name ? firstNameOf(request.acknowledgedBy.name) : '';
  return {
    id: request.id,
    tableId: request.tableId,
    tableNumber: request.tableNumber,
    type: request.type,
    status: request.status,
    createdAt: request.createdAt,
    acknowledgedAt: request.acknowledgedAt,
    takenBy: name || null,
    overdue: request.overdue,
    urgent: request.urgent,
    hasNote: request.note !== null && request.note !== '',
  };
}
