import { useId, useState, type ReactNode } from 'react';
import { isReminderType } from '@shared/request-types';
import { toast } from '../../../lib/toast';
import { PRANK_DEVICE_BLOCK_HOURS } from '@shared/constants';
import { appText } from '@shared/i18n/app';
import type { AppMessageId } from '@shared/i18n/compiled/app';
import type { ServiceRequest } from '@shared/schemas';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { RequestTypeIcon, requestTypeTone } from '../../../components/ui/request-type-icon';
import { useTypeNames } from '../../../lib/type-names';
import { Spinner } from '../../../components/ui/spinner';
import { actionFailed, actionSucceeded } from '../../../lib/action-toast';
import { messageFrom } from '../../../lib/api-client';
import { useI18n } from '../../../lib/i18n';
import { pendingTiming } from '../../../lib/request-timing';
import {
  useAcknowledgeRequest,
  useCompleteRequest,
  useDismissAsPrank,
  useDismissRequest,
} from '../api/requests-api';
import type { TableGroup } from '../lib/console-list';
import { elapsedText, tableText, typeText } from '../lib/console-text';
import { StrokeIcon } from '../../../components/ui/request-type-icon';
import { BillMethodBadge, GuestNote, ReopenedBadge, UrgentBadge } from './request-extras';

/** Which action a line's button does; the console moves focus to the same action of the next line after it. */
export type LineAction = 'take' | 'complete' | 'dismiss';

export interface RowContext {
  now: number;
  /** The restaurant's escalation threshold, when known (overdue emphasis agrees with it, issue 12). */
  escalateAfterMinutes: number | null;
  /** Called before an action is sent (the console notes where focus goes next) and once it succeeded. */
  onActionStart: (request: ServiceRequest, action: LineAction) => void;
  onActionDone: (request: ServiceRequest, action: LineAction) => void;
}

const ACTION_ICON: Record<LineAction, string> = {
  // a walking figure: on my way
  take: 'M13 4.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3ZM9 20l3-6 3 3v5M7 12l3-4 3 1 2 3 3 1M11 9l-1 5',
  complete: 'M5 12.5l4.5 4.5L19 7.5',
  dismiss: 'M6 6l12 12M18 6 6 18',
};

const ACTION_STYLE: Record<LineAction, string> = {
  take: 'border border-brand-300 bg-brand-50 text-brand-800 hover:bg-brand-100',
  complete: 'bg-brand-700 text-white hover:bg-brand-800',
  dismiss: 'text-muted hover:bg-sunken hover:text-ink',
};

/**
 * One of a line's actions: an icon on a phone (three fit beside the text, each a 44 px tall target at the thumb's
 * side of the row), icon and word from a tablet up. The accessible name is always the word ('Complete', SPEC §2).
 */
function ActionButton({
  action,
  label,
  describedBy,
  isLoading,
  onClick,
}: {
  action: LineAction;
  label: string;
  describedBy: string;
  isLoading: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-describedby={describedBy}
      aria-busy={isLoading || undefined}
      disabled={isLoading}
      title={label}
      data-action={action}
      onClick={onClick}
      className={`inline-flex h-11 min-w-10 shrink-0 items-center justify-center gap-1.5 rounded-control px-2 text-sm font-semibold transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 disabled:cursor-wait disabled:opacity-70 sm:px-3 ${ACTION_STYLE[action]}`}
    >
      {isLoading ? (
        <Spinner className="size-4" />
      ) : (
        <StrokeIcon d={ACTION_ICON[action]} className="size-5 shrink-0" strokeWidth="2" />
      )}
      <span aria-hidden="true" className="hidden md:inline">
        {label}
      </span>
    </button>
  );
}

function ClockIcon() {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 20 20"
      className="size-3.5 shrink-0"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    >
      <circle cx="10" cy="10" r="7.25" />
      <path d="M10 6v4l2.5 1.5" />
    </svg>
  );
}

/**
 * One open request in its table's row (SPEC §2: type title, time since creation, 'Complete'; issue 12: take and
 * dismiss): the type's icon, colour and title, a ticking wait, who took it, and its actions. An article named by its
 * type and its table, so a screen reader says "Bill Payment Requested, Table 4"; `data-request-id` lets the console
 * move focus to the next line after an action (issue 28).
 */
function RequestLine({
  request,
  tableHeadingId,
  context,
}: {
  request: ServiceRequest;
  tableHeadingId: string;
  context: RowContext;
}) {
  const i18n = useI18n();
  const names = useTypeNames();
  const titleId = useId();
  const [confirming, setConfirming] = useState(false);
  // A request its guest reopened (decision 082) waits again from its reopening.
  const waitingSince = request.reopenedAt ?? request.createdAt;
  // Decision 097: a reminder is never overdue (it is not a guest's wait, escalation leaves it alone).
  const timing = pendingTiming(
    waitingSince,
    context.now,
    request.overdue,
    isReminderType(request.type) ? null : context.escalateAfterMinutes,
  );
  const acknowledge = useAcknowledgeRequest({
    onSuccess: () => {
      toast.success(appText(i18n, 'app.console.acknowledged'));
      context.onActionDone(request, 'take');
    },
    onError: (error) =>
      toast.error(messageFrom(error, appText(i18n, 'app.console.acknowledgeFailed'))),
  });
  const complete = useCompleteRequest({
    onSuccess: () => {
      actionSucceeded('complete-request', appText(i18n, 'app.console.requestCompleted'));
      context.onActionDone(request, 'complete');
    },
    onError: () => actionFailed('complete-request', appText(i18n, 'app.console.completeFailed')),
  });
  const dismissCallbacks = (done: AppMessageId) => ({
    onSuccess: () => {
      setConfirming(false);
      setPrank(false);
      toast.success(appText(i18n, done));
      context.onActionDone(request, 'dismiss');
    },
    onError: (error: Error) => {
      setConfirming(false);
      toast.error(messageFrom(error, appText(i18n, 'app.console.dismissFailed')));
    },
  });
  const dismiss = useDismissRequest(dismissCallbacks('app.console.requestDismissed'));
  // Decision 089: the same dialog, with "it was a prank" ticked, also pauses the phone that sent it.
  const prankDismiss = useDismissAsPrank(dismissCallbacks('app.console.prankDismissed'));
  const [prank, setPrank] = useState(false);
  const prankId = useId();
  const describedBy = `${titleId} ${tableHeadingId}`;
  const tone = requestTypeTone(request.type);
  const taken = request.status === 'acknowledged';

  return (
    <article
      aria-labelledby={describedBy}
      data-request-id={request.id}
      data-overdue={timing.overdue || undefined}
      className={`flex items-center gap-2 py-2 ps-2 pe-1.5 sm:gap-3 sm:ps-3 ${timing.overdue ? 'bg-danger-50' : ''}`}
    >
      <span
        className={`hidden size-9 shrink-0 items-center justify-center rounded-control sm:flex ${tone.tile}`}
      >
        <RequestTypeIcon
          type={request.type}
          requestTypes={names?.requestTypes}
          className="size-5"
        />
      </span>
      <div className="min-w-0 flex-1">
        <p
          id={titleId}
          className="flex items-start gap-1 text-[0.8125rem] font-semibold leading-4 text-ink sm:text-base sm:leading-6"
        >
          <span
            className={`mt-px flex size-4 shrink-0 items-center justify-center rounded-sm sm:hidden ${tone.tile}`}
          >
            <RequestTypeIcon
              type={request.type}
              requestTypes={names?.requestTypes}
              className="size-3.5"
            />
          </span>
          <span className="min-w-0">{typeText(i18n, request.type, names)}</span>
        </p>
        <p
          className={`mt-0.5 flex flex-wrap items-center gap-x-1.5 text-xs leading-4 sm:text-sm ${
            timing.overdue ? 'font-semibold text-danger-800' : 'text-body'
          }`}
        >
          <span className="inline-flex items-center gap-0.5 tabular-nums">
            <ClockIcon />
            <span className="sr-only">{appText(i18n, 'app.console.waiting')} </span>
            <time dateTime={new Date(waitingSince).toISOString()}>
              {elapsedText(i18n, timing.elapsedMs)}
            </time>
          </span>
          {request.urgent && <UrgentBadge />}
          {request.reopenedAt !== null && <ReopenedBadge />}
          {timing.overdue && (
            <span className="rounded-full bg-danger-700 px-1.5 text-[0.6875rem] font-bold uppercase leading-4 tracking-wide text-white">
              {appText(i18n, 'app.console.overdue')}
            </span>
          )}
          {request.billMethod && <BillMethodBadge method={request.billMethod} />}
          {taken && (
            <span className="inline-flex min-w-0 items-center gap-1 font-semibold text-success-800">
              <span aria-hidden="true" className="size-1.5 shrink-0 rounded-full bg-success-600" />
              <span className="truncate">
                {request.acknowledgedBy
                  ? appText(i18n, 'app.console.takenBy', { name: request.acknowledgedBy.name })
                  : appText(i18n, 'app.console.taken')}
              </span>
            </span>
          )}
        </p>
        {request.note && <GuestNote note={request.note} />}
      </div>
      <div className="flex shrink-0 items-center gap-1">
        {request.status === 'pending' && (
          <ActionButton
            action="take"
            label={appText(i18n, 'app.console.onMyWay')}
            describedBy={describedBy}
            isLoading={acknowledge.isPending}
            onClick={() => {
              context.onActionStart(request, 'take');
              acknowledge.mutate(request.id);
            }}
          />
        )}
        <ActionButton
          action="complete"
          label={appText(i18n, 'app.console.complete')}
          describedBy={describedBy}
          isLoading={complete.isPending}
          onClick={() => {
            context.onActionStart(request, 'complete');
            complete.mutate(request.id);
          }}
        />
        <ActionButton
          action="dismiss"
          label={appText(i18n, 'app.console.dismiss')}
          describedBy={describedBy}
          isLoading={dismiss.isPending}
          onClick={() => setConfirming(true)}
        />
      </div>
      <ConfirmDialog
        open={confirming}
        title={appText(i18n, 'app.console.dismissConfirmTitle')}
        message={
          <>
            <strong>
              {typeText(i18n, request.type, names)} · {tableText(i18n, request)}
            </strong>
            <br />
            {appText(i18n, 'app.console.dismissConfirmBody')}
            {/* Decision 097: a reminder came from no guest's phone, so there is nothing to pause. */}
            {!isReminderType(request.type) && (
              <span className="mt-3 flex items-start gap-2">
                <input
                  id={prankId}
                  type="checkbox"
                  checked={prank}
                  onChange={(e) => setPrank(e.target.checked)}
                  className="mt-1 size-4 shrink-0 accent-brand-700"
                />
                <label htmlFor={prankId} className="text-sm text-ink">
                  {appText(i18n, 'app.console.prankCheckbox', {
                    hours: PRANK_DEVICE_BLOCK_HOURS,
                  })}
                </label>
              </span>
            )}
          </>
        }
        confirmLabel={appText(i18n, prank ? 'app.console.prankConfirm' : 'app.console.dismiss')}
        isPending={dismiss.isPending || prankDismiss.isPending}
        onConfirm={() => {
          context.onActionStart(request, 'dismiss');
          (prank ? prankDismiss : dismiss).mutate(request.id);
        }}
        onCancel={() => {
          setConfirming(false);
          setPrank(false);
        }}
      />
    </article>
  );
}

/** The staff's note on a table (decision 096): plain text, never HTML, said as "Table note: …". */
function TableNote({ note }: { note: string }) {
  const i18n = useI18n();
  return (
    <p
      data-table-note
      className="flex items-start gap-1.5 bg-canvas px-2 py-1 text-sm text-ink sm:px-3"
    >
      <StrokeIcon
        d="M4 20h4L19 9l-4-4L4 16v4ZM13.5 6.5l4 4"
        className="mt-0.5 size-4 shrink-0 text-muted"
        strokeWidth="2"
      />
      <span className="sr-only">{appText(i18n, 'app.shifts.tableNote')}: </span>
      <span dir="auto" className="min-w-0 [overflow-wrap:anywhere]">
        {note}
      </span>
    </p>
  );
}

/**
 * A table's row on the console (issue 28): the table once, at the start, and each of its open requests as a line
 * with its own actions. The row's edge turns red while any of its requests is overdue (a state; the order is by
 * wait).
 */
export function TableRow({
  group,
  context,
  note = null,
}: {
  group: TableGroup;
  context: RowContext;
  /** The staff's note on the table (decision 096), shown above its lines. */
  note?: string | null;
}): ReactNode {
  const i18n = useI18n();
  const headingId = useId();
  const overdue = group.requests.some(
    (r) =>
      pendingTiming(
        r.createdAt,
        context.now,
        r.overdue,
        isReminderType(r.type) ? null : context.escalateAfterMinutes,
      ).overdue,
  );
  // Decision 070: a table with an allergy / urgent request is on top, in its own colour (its lines say why).
  const urgent = group.requests.some((r) => r.urgent);
  return (
    <div
      data-urgent-row={urgent || undefined}
      className={`flex overflow-hidden rounded-card border border-s-4 bg-white shadow-sm ${
        urgent
          ? 'border-urgent-300 border-s-urgent-600'
          : overdue
            ? 'border-danger-300 border-s-danger-600'
            : 'border-line border-s-brand-600'
      }`}
    >
      <div
        className={`flex w-16 shrink-0 flex-col justify-center gap-0.5 border-e px-1.5 py-2 sm:w-32 sm:px-3 ${
          urgent
            ? 'border-urgent-200 bg-urgent-50'
            : overdue
              ? 'border-danger-200 bg-danger-50'
              : 'border-line bg-canvas'
        }`}
      >
        <h3
          id={headingId}
          className="text-sm font-bold leading-tight break-words text-ink sm:text-lg"
        >
          {tableText(i18n, group.table)}
        </h3>
        {group.requests.length > 1 && (
          <span className="text-xs font-medium text-muted">
            {appText(i18n, 'app.console.openCount', { count: group.requests.length })}
          </span>
        )}
      </div>
      <div className="min-w-0 flex-1 divide-y divide-line">
        {note !== null && <TableNote note={note} />}
        {group.requests.map((request) => (
          <RequestLine
            key={request.id}
            request={request}
            tableHeadingId={headingId}
            context={context}
          />
        ))}
      </div>
    </div>
  );
}
