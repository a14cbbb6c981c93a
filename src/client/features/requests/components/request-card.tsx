import { useId, type ReactNode } from 'react';
import type { ServiceRequest } from '../../../../shared/schemas';
import { appText } from '../../../../shared/i18n/app';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { RequestTypeIcon, REQUEST_TYPE_TONE } from '../../../components/ui/request-type-icon';
import { useI18n } from '../../../lib/i18n';
import { pendingTiming } from '../../../lib/request-timing';
import { aroundSlot, elapsedText, relativeText, tableText, typeText } from '../lib/console-text';
import { RequestActions } from './request-actions';

export interface PendingRequestCardProps {
  request: ServiceRequest;
  now: number;
  /** The restaurant's escalation threshold, when known (overdue emphasis agrees with it, issue 12). */
  escalateAfterMinutes: number | null;
  isCompleting: boolean;
  onComplete: (request: ServiceRequest) => void;
  /** More actions beside Complete (e.g. take or dismiss), placed before it. */
  actions?: ReactNode;
}

function ClockIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      className="size-4 shrink-0"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
    >
      <circle cx="10" cy="10" r="7.25" />
      <path d="M10 6v4l2.5 1.5" />
    </svg>
  );
}

/**
 * A pending request (SPEC §2: type title, table, time since creation, 'Complete'), made to be read at a glance
 * (issue 12): an icon and colour per type, the table in large type, a waiting time that ticks, and overdue
 * emphasis that agrees with it. `data-request-id` and `data-primary-action` let the console move focus to the
 * next card's main action after one is completed.
 */
export function PendingRequestCard({
  request,
  now,
  escalateAfterMinutes,
  isCompleting,
  onComplete,
  actions,
}: PendingRequestCardProps) {
  const i18n = useI18n();
  const titleId = useId();
  const tableId = useId();
  const tone = REQUEST_TYPE_TONE[request.type];
  const timing = pendingTiming(request.createdAt, now, request.overdue, escalateAfterMinutes);
  return (
    <article
      aria-labelledby={`${titleId} ${tableId}`}
      data-request-id={request.id}
      className={`flex flex-col gap-4 rounded-card border border-s-4 bg-white p-4 shadow-sm sm:flex-row sm:items-center ${
        timing.overdue
          ? 'border-danger-300 border-s-danger-600 ring-1 ring-danger-200'
          : `border-line ${tone.edge}`
      }`}
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <span
          className={`flex size-11 shrink-0 items-center justify-center rounded-card ${tone.tile}`}
        >
          <RequestTypeIcon type={request.type} />
        </span>
        <div className="min-w-0 flex-1">
          <h3 id={titleId} className="text-base font-semibold text-ink">
            {typeText(i18n, request.type)}
          </h3>
          <p id={tableId} className="text-xl font-bold leading-tight text-ink">
            {tableText(i18n, request)}
          </p>
          <p
            className={`mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm ${
              timing.overdue ? 'font-semibold text-danger-800' : 'text-body'
            }`}
          >
            <span className="inline-flex items-center gap-1">
              <ClockIcon />
              <span className="sr-only">{appText(i18n, 'app.console.waiting')} </span>
              <time dateTime={new Date(request.createdAt).toISOString()}>
                {elapsedText(i18n, timing.elapsedMs)}
              </time>
            </span>
            {timing.overdue && <Badge tone="red">{appText(i18n, 'app.console.overdue')}</Badge>}
          </p>
          {request.status === 'acknowledged' && (
            <p className="mt-1 text-sm font-semibold text-success-800">
              {request.acknowledgedBy
                ? appText(i18n, 'app.console.takenBy', { name: request.acknowledgedBy.name })
                : appText(i18n, 'app.console.taken')}
            </p>
          )}
        </div>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        {actions}
        <RequestActions request={request} describedBy={`${titleId} ${tableId}`} />
        <Button
          size="lg"
          className="w-full sm:w-auto sm:min-w-32"
          aria-describedby={`${titleId} ${tableId}`}
          data-primary-action=""
          isLoading={isCompleting}
          onClick={() => onComplete(request)}
        >
          {appText(i18n, 'app.console.complete')}
        </Button>
      </div>
    </article>
  );
}

/** A completed request: 'Completed {relative time}' from its update time and a 'Completed' badge (SPEC §2). */
export function CompletedRequestCard({ request, now }: { request: ServiceRequest; now: number }) {
  const i18n = useI18n();
  const [before, after] = aroundSlot((time) => appText(i18n, 'app.console.completedAgo', { time }));
  const titleId = useId();
  const tableId = useId();
  return (
    <article
      aria-labelledby={`${titleId} ${tableId}`}
      data-request-id={request.id}
      className="flex items-start justify-between gap-3 rounded-card border border-line bg-white p-4"
    >
      <span
        className={`flex size-9 shrink-0 items-center justify-center rounded-control ${REQUEST_TYPE_TONE[request.type].tile}`}
      >
        <RequestTypeIcon type={request.type} className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <h3 id={titleId} className="font-medium text-ink-soft">
          {typeText(i18n, request.type)}
        </h3>
        <p id={tableId} className="text-sm font-semibold text-ink-soft">
          {tableText(i18n, request)}
        </p>
        <p className="mt-0.5 text-sm text-body">
          {before}
          <time dateTime={new Date(request.updatedAt).toISOString()}>
            {relativeText(i18n, request.updatedAt, now)}
          </time>
          {after}
        </p>
      </div>
      <Badge tone="green">{appText(i18n, 'app.console.completed')}</Badge>
    </article>
  );
}
