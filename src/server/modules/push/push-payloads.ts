/**
 * What a staff notification says and where a click on it leads (SPEC §8 new request alert, issue 5 escalation).
 * Pure: the outbox sender picks the payload per device, in its user's language (issue 15: the server catalogue;
 * English, the SPEC's texts, when none is chosen).
 */
import { paths } from '@shared/paths';
import { isReminderType } from '@shared/request-types';
import type { PushPayload, Role, ServiceRequest } from '@shared/schemas';
import type { I18n } from '@shared/i18n/i18n';
import {
  requestTableText,
  requestTypeText,
  serverI18n,
  serverText,
  type ButtonNames,
} from '../../i18n';

/** Where a click on the notification leads (the client's routes, shared/paths.ts). */
const SERVER_CONSOLE_PATH = paths.serverRequests;
const ADMIN_HOME_PATH = paths.adminDashboard;

/**
 * SPEC §8 new request alert, as a notification: 'New Request from Table {number}' and the type title; a named table
 * reads as written ('New Request from Terrace 12', decision 064). A service timer's reminder (decision 097) says so:
 * 'Reminder for Table 7' and what it is about.
 */
export function newRequestPayload(
  request: ServiceRequest,
  i18n: I18n = serverI18n(null),
  buttons: ButtonNames | null = null,
): PushPayload {
  return {
    title: serverText(
      i18n,
      isReminderType(request.type) ? 'server.push.reminder' : 'server.push.newRequest',
      {
        table: requestTableText(i18n, request),
      },
    ),
    body: requestBody(request, requestTypeText(i18n, request.type, buttons), i18n),
    ...alertParts(request, i18n),
    url: SERVER_CONSOLE_PATH,
  };
}

/** Decision 090: one notification per table, replaced as its call changes. */
const tableTag = (request: Pick<ServiceRequest, 'tableId'>): string => `table:${request.tableId}`;

/** What every alert carries besides its texts: the table's tag, the call, its actions and their failure title. */
function alertParts(request: ServiceRequest, i18n: I18n, late = false) {
  return {
    ...(late ? { late: true } : {}),
    tag: tableTag(request),
    requestId: request.id,
    kind: 'alert' as const,
    actions: [
      { action: 'take' as const, title: serverText(i18n, 'server.push.actionTake') },
      { action: 'done' as const, title: serverText(i18n, 'server.push.actionDone') },
    ],
    failedTitle: serverText(i18n, 'server.push.actionFailed', {
      table: requestTableText(i18n, request),
    }),
    refusals: {
      takenBy: serverText(i18n, 'server.push.failedTakenBy', { name: '{name}' }),
      takenBySomeone: serverText(i18n, 'server.push.failedTakenBySomeone'),
      completed: serverText(i18n, 'server.push.failedCompleted'),
      dismissed: serverText(i18n, 'server.push.failedDismissed'),
      cancelled: serverText(i18n, 'server.push.failedCancelled'),
      signedOut: serverText(i18n, 'server.push.failedSignedOut'),
      offline: serverText(i18n, 'server.push.failedOffline'),
      unanswered: serverText(i18n, 'server.push.failedOther'),
    },
  };
}

/**
 * Decision 091: a call no device of its responsible server confirmed, offered to every server on duty ('Nobody
 * answered: Table 7'), or to the admin ('Reached nobody: Table 7'); a pager-style repeat says the same again.
 */
export function reroutePayload(
  request: ServiceRequest,
  role: Role,
  i18n: I18n = serverI18n(null),
  buttons: ButtonNames | null = null,
): PushPayload {
  const key =
    request.reach === 'admin' ? 'server.push.reachedNobody' : 'server.push.nobodyAnswered';
  return {
    title: serverText(i18n, key, { table: requestTableText(i18n, request) }),
    body: requestBody(request, requestTypeText(i18n, request.type, buttons), i18n),
    ...alertParts(request, i18n, true),
    url: role === 'server' ? SERVER_CONSOLE_PATH : ADMIN_HOME_PATH,
  };
}

/**
 * Decision 090: the table's call was taken or handled, so its alert on every device it reached is replaced by a quiet
 * line ('Table 7: taken by Anna'). A push must show something (Safari ends a subscription whose pushes show nothing),
 * so the replacement is a notification, not a close.
 */
export function closedPayload(
  request: ServiceRequest,
  i18n: I18n = serverI18n(null),
  buttons: ButtonNames | null = null,
): PushPayload {
  const table = requestTableText(i18n, request);
  const title =
    request.status === 'acknowledged' && request.acknowledgedBy?.name
      ? serverText(i18n, 'server.push.takenBy', { table, name: request.acknowledgedBy.name })
      : serverText(i18n, 'server.push.handled', { table });
  return {
    title,
    body: requestTypeText(i18n, request.type, buttons),
    tag: tableTag(request),
    requestId: request.id,
    kind: 'closed',
    url: SERVER_CONSOLE_PATH,
  };
}

/** The longest part of a guest's note a notification carries (decision 070); the console shows all of it. */
const PUSH_NOTE_MAX = 60;

/**
 * A notification's body: the type title, 'Allergy / urgent' first when flagged, and the guest's note, cut to
 * PUSH_NOTE_MAX characters (decision 070). The note is untrusted text: never in the title (which the lock screen
 * shows in bold, as if the app said it), and already free of line breaks and invisible characters (guest-note.ts).
 */
function requestBody(request: ServiceRequest, typeTitle: string, i18n: I18n): string {
  const head = request.urgent ? serverText(i18n, 'server.push.urgent', { typeTitle }) : typeTitle;
  if (!request.note) return head;
  const chars = [...request.note];
  const note =
    chars.length > PUSH_NOTE_MAX ? `${chars.slice(0, PUSH_NOTE_MAX - 1).join('')}…` : request.note;
  return `${head}\n“${note}”`;
}

/** The escalation of a request still pending after the restaurant's minutes; same tag, so it replaces the first. */
export function overduePayload(
  request: ServiceRequest,
  minutes: number,
  role: Role,
  i18n: I18n = serverI18n(null),
  buttons: ButtonNames | null = null,
): PushPayload {
  return {
    title: serverText(i18n, 'server.push.overdueTitle', { table: requestTableText(i18n, request) }),
    body: requestBody(
      request,
      serverText(i18n, 'server.push.overdueBody', {
        typeTitle: requestTypeText(i18n, request.type, buttons),
        minutes,
      }),
      i18n,
    ),
    ...alertParts(request, i18n, true),
    url: role === 'server' ? SERVER_CONSOLE_PATH : ADMIN_HOME_PATH,
  };
}
