import type { ServiceRequest } from '../../../shared/schemas';
import type { RequestWithContext } from './requests.repo';

/** Overdue: still pending after the restaurant's escalation time (issue: staff alerting). */
export function toApiRequest(row: RequestWithContext, now: number = Date.now()): ServiceRequest {
  return {
    id: row.id,
    restaurantId: row.restaurantId,
    tableId: row.tableId,
    tableNumber: row.tableNumber,
    serverId: row.serverId,
    type: row.type,
    status: row.status,
    // Escalated by the sweep (modules/escalation), or past the restaurant's minutes between two sweeps.
    overdue:
      row.status === 'pending' &&
      (row.escalatedAt !== null || now - row.createdAt >= row.escalateAfterMinutes * 60_000),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
