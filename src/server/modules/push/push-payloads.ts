/**
 * What a staff notification says and where a click on it leads (SPEC §8 new request alert, issue 5 escalation).
 * Pure: the outbox sender picks the payload per device; the texts come from shared/messages.
 */
import { MSG } from '../../../shared/messages';
import { paths } from '../../../shared/paths';
import { requestTypeTitle } from '../../../shared/rules';
import type { PushPayload, Role, ServiceRequest } from '../../../shared/schemas';

/** Where a click on the notification leads (the client's routes, shared/paths.ts). */
const SERVER_CONSOLE_PATH = paths.serverRequests;
const ADMIN_HOME_PATH = paths.adminDashboard;

/** SPEC §8 new request alert, as a notification: 'New Request from Table {number}' and the type title. */
export function newRequestPayload(request: ServiceRequest): PushPayload {
  return {
    title: MSG.newRequestFrom(request.tableNumber ?? request.tableId),
    body: requestTypeTitle(request.type),
    tag: request.id,
    url: SERVER_CONSOLE_PATH,
  };
}

/** The escalation of a request still pending after the restaurant's minutes; same tag, so it replaces the first. */
export function overduePayload(request: ServiceRequest, minutes: number, role: Role): PushPayload {
  return {
    title: MSG.requestOverdue(request.tableNumber ?? request.tableId),
    body: MSG.overdueBody(requestTypeTitle(request.type), minutes),
    tag: request.id,
    url: role === 'server' ? SERVER_CONSOLE_PATH : ADMIN_HOME_PATH,
  };
}
