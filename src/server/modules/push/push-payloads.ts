/**
 * What a staff notification says and where a click on it leads (SPEC §8 new request alert, issue 5 escalation).
 * Pure: the outbox sender picks the payload per device, in its user's language (issue 15: the server catalogue;
 * English, the SPEC's texts, when none is chosen).
 */
import { paths } from '../../../shared/paths';
import type { PushPayload, Role, ServiceRequest } from '../../../shared/schemas';
import type { I18n } from '../../../shared/i18n/i18n';
import { requestTableText, requestTypeText, serverI18n, serverText } from '../../i18n';

/** Where a click on the notification leads (the client's routes, shared/paths.ts). */
const SERVER_CONSOLE_PATH = paths.serverRequests;
const ADMIN_HOME_PATH = paths.adminDashboard;

/**
 * SPEC §8 new request alert, as a notification: 'New Request from Table {number}' and the type title; a named table
 * reads as written ('New Request from Terrace 12', decision 064).
 */
export function newRequestPayload(
  request: ServiceRequest,
  i18n: I18n = serverI18n(null),
): PushPayload {
  return {
    title: serverText(i18n, 'server.push.newRequest', { table: requestTableText(i18n, request) }),
    body: requestTypeText(i18n, request.type),
    tag: request.id,
    url: SERVER_CONSOLE_PATH,
  };
}

/** The escalation of a request still pending after the restaurant's minutes; same tag, so it replaces the first. */
export function overduePayload(
  request: ServiceRequest,
  minutes: number,
  role: Role,
  i18n: I18n = serverI18n(null),
): PushPayload {
  return {
    title: serverText(i18n, 'server.push.overdueTitle', { table: requestTableText(i18n, request) }),
    body: serverText(i18n, 'server.push.overdueBody', {
      typeTitle: requestTypeText(i18n, request.type),
      minutes,
    }),
    tag: request.id,
    url: role === 'server' ? SERVER_CONSOLE_PATH : ADMIN_HOME_PATH,
  };
}
