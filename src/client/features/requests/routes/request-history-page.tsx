import { useId } from 'react';
import { SKELETON_COUNT } from '@shared/constants';
import { appText } from '@shared/i18n/app';
import { BillMethodBadge, GuestNote, UrgentBadge } from '../components/request-extras';
import type { ServiceRequest } from '@shared/schemas';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { messageFrom } from '../../../lib/api-client';
import { useI18n } from '../../../lib/i18n';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useActiveRestaurant } from '../../../lib/active-restaurant-provider';
import { useSession } from '../../../lib/session-api';
import { ShiftHistory } from '../components/shift-history';
import { useRequestHistory } from '../api/requests-api';
import { useTypeNames } from '../../../lib/type-names';
import { clockText, durationText, tableText, typeText } from '../lib/console-text';

/**
 * Issue 12 item 10: today's handled requests — who took each, completed or dismissed, how long until someone took
 * it and until it was done — newest first, a page at a time (decision 030). A server sees what the visibility
 * rule lets them see (decision 004), an admin all of the restaurant. "Today" is the server's day for now.
 */
export function RequestHistoryPage() {
  const i18n = useI18n();
  useDocumentTitle(appText(i18n, 'app.console.historyTitle'));
  const { restaurantId } = useActiveRestaurant();
  const history = useRequestHistory(restaurantId);
  const { user } = useSession();
  const headingId = useId();
  const rows = history.data?.pages.flatMap((page) => page.requests) ?? [];

  return (
    <section aria-labelledby={headingId} className="space-y-6">
      <h1 id={headingId} className="text-2xl font-bold text-ink">
        {appText(i18n, 'app.console.historyTitle')}
      </h1>
      {/* Decision 096: who was on duty when, and the hand-overs, above the calls they handled. */}
      {restaurantId !== null && (
        <ShiftHistory restaurantId={restaurantId} isOwner={user?.role === 'admin'} />
      )}
      {history.isPending && restaurantId !== null ? (
        <div role="status">
          <span className="sr-only">{appText(i18n, 'app.console.historyLoading')}</span>
          <div aria-hidden="true" className="space-y-3">
            {Array.from({ length: SKELETON_COUNT }, (_, index) => (
              <Skeleton key={index} className="h-20 w-full rounded-card" />
            ))}
          </div>
        </div>
      ) : history.isError && rows.length === 0 ? (
        <div className="rounded-card border border-line bg-white p-6 text-center">
          <p className="text-ink-soft">
            {messageFrom(history.error, appText(i18n, 'app.console.historyLoadFailed'))}
          </p>
          <Button variant="secondary" className="mt-4" onClick={() => void history.refetch()}>
            {appText(i18n, 'app.console.tryAgain')}
          </Button>
        </div>
      ) : rows.length === 0 ? (
        <p className="rounded-card border border-dashed border-line-strong bg-white p-6 text-center text-sm text-body">
          {appText(i18n, 'app.console.historyEmpty')}
        </p>
      ) : (
        <>
          <ul role="list" className="space-y-2">
            {rows.map((request) => (
              <li key={request.id}>
                <HistoryRow request={request} />
              </li>
            ))}
          </ul>
          {history.hasNextPage && (
            <Button
              variant="secondary"
              className="w-full sm:w-auto"
              isLoading={history.isFetchingNextPage}
              onClick={() => void history.fetchNextPage()}
            >
              {appText(i18n, 'app.console.historyMore')}
            </Button>
          )}
        </>
      )}
    </section>
  );
}

function HistoryRow({ request }: { request: ServiceRequest }) {
  const i18n = useI18n();
  const names = useTypeNames();
  const titleId = useId();
  const completed = request.status === 'completed';
  const cancelled = request.status === 'cancelled';
  const resolvedAt = request.resolvedAt ?? request.updatedAt;
  return (
    <article
      aria-labelledby={titleId}
      className="grid gap-x-6 gap-y-1 rounded-card border border-line bg-white p-4 sm:grid-cols-[1fr_auto]"
    >
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id={titleId} className="font-semibold text-ink">
            {tableText(i18n, request)} · {typeText(i18n, request.type, names)}
          </h2>
          <Badge tone={completed ? 'green' : 'gray'}>
            {completed
              ? appText(i18n, 'app.console.completed')
              : cancelled
                ? appText(i18n, 'app.console.cancelledByGuest')
                : appText(i18n, 'app.console.dismissed')}
          </Badge>
          {request.urgent && <UrgentBadge />}
          {request.billMethod && <BillMethodBadge method={request.billMethod} />}
        </div>
        <p className="mt-0.5 text-sm text-body">
          <time dateTime={new Date(resolvedAt).toISOString()}>{clockText(i18n, resolvedAt)}</time>
          {request.acknowledgedBy && (
            <> · {appText(i18n, 'app.console.takenBy', { name: request.acknowledgedBy.name })}</>
          )}
          {request.resolvedBy && request.resolvedBy.id !== request.acknowledgedBy?.id && (
            <>
              {' · '}
              {completed
                ? appText(i18n, 'app.console.completedBy', { name: request.resolvedBy.name })
                : appText(i18n, 'app.console.dismissedBy', { name: request.resolvedBy.name })}
            </>
          )}
        </p>
        {request.note && <GuestNote note={request.note} />}
      </div>
      <dl className="flex gap-6 text-sm sm:text-end">
        <div>
          <dt className="text-body">{appText(i18n, 'app.console.timeToTake')}</dt>
          <dd className="font-semibold text-ink">
            {request.acknowledgedAt === null
              ? '—'
              : durationText(i18n, request.acknowledgedAt - request.createdAt)}
          </dd>
        </div>
        <div>
          <dt className="text-body">
            {completed
              ? appText(i18n, 'app.console.timeToComplete')
              : cancelled
                ? appText(i18n, 'app.console.cancelledAfter')
                : appText(i18n, 'app.console.dismissedAfter')}
          </dt>
          <dd className="font-semibold text-ink">
            {durationText(i18n, resolvedAt - request.createdAt)}
          </dd>
        </div>
      </dl>
    </article>
  );
}
