import { useId } from 'react';
import { SKELETON_COUNT } from '../../../../shared/constants';
import { FLOOR_MSG } from '../../../../shared/floor-messages';
import { requestTypeTitle } from '../../../../shared/rules';
import type { ServiceRequest } from '../../../../shared/schemas';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { messageFrom } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useActiveRestaurant } from '../../../lib/active-restaurant-provider';
import { useRequestHistory } from '../api/requests-api';
import { formatDuration } from '../lib/duration';
import { tableLabel } from '../lib/table-label';

const clock = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

/**
 * Issue 12 item 10: today's handled requests — who took each, completed or dismissed, how long until someone took
 * it and until it was done — newest first, a page at a time (decision 030). A server sees what the visibility
 * rule lets them see (decision 004), an admin all of the restaurant. "Today" is the server's day for now.
 */
export function RequestHistoryPage() {
  useDocumentTitle(FLOOR_MSG.historyTitle);
  const { restaurantId } = useActiveRestaurant();
  const history = useRequestHistory(restaurantId);
  const headingId = useId();
  const rows = history.data?.pages.flatMap((page) => page.requests) ?? [];

  return (
    <section aria-labelledby={headingId} className="space-y-6">
      <h1 id={headingId} className="text-2xl font-bold text-ink">
        {FLOOR_MSG.historyTitle}
      </h1>
      {history.isPending && restaurantId !== null ? (
        <div role="status">
          <span className="sr-only">Loading history</span>
          <div aria-hidden="true" className="space-y-3">
            {Array.from({ length: SKELETON_COUNT }, (_, index) => (
              <Skeleton key={index} className="h-20 w-full rounded-card" />
            ))}
          </div>
        </div>
      ) : history.isError && rows.length === 0 ? (
        <div className="rounded-card border border-line bg-white p-6 text-center">
          <p className="text-ink-soft">{messageFrom(history.error, FLOOR_MSG.historyLoadFailed)}</p>
          <Button variant="secondary" className="mt-4" onClick={() => void history.refetch()}>
            Try again
          </Button>
        </div>
      ) : rows.length === 0 ? (
        <p className="rounded-card border border-dashed border-line-strong bg-white p-6 text-center text-sm text-body">
          {FLOOR_MSG.historyEmpty}
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
              {FLOOR_MSG.historyMore}
            </Button>
          )}
        </>
      )}
    </section>
  );
}

function HistoryRow({ request }: { request: ServiceRequest }) {
  const titleId = useId();
  const completed = request.status === 'completed';
  const resolvedAt = request.resolvedAt ?? request.updatedAt;
  return (
    <article
      aria-labelledby={titleId}
      className="grid gap-x-6 gap-y-1 rounded-card border border-line bg-white p-4 sm:grid-cols-[1fr_auto]"
    >
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id={titleId} className="font-semibold text-ink">
            {tableLabel(request)} · {requestTypeTitle(request.type)}
          </h2>
          <Badge tone={completed ? 'green' : 'gray'}>{completed ? 'Completed' : 'Dismissed'}</Badge>
        </div>
        <p className="mt-0.5 text-sm text-body">
          <time dateTime={new Date(resolvedAt).toISOString()}>{clock.format(resolvedAt)}</time>
          {request.acknowledgedBy && <> · {FLOOR_MSG.takenBy(request.acknowledgedBy.name)}</>}
          {request.resolvedBy && request.resolvedBy.id !== request.acknowledgedBy?.id && (
            <>
              {' · '}
              {completed ? 'Completed' : 'Dismissed'} by {request.resolvedBy.name}
            </>
          )}
        </p>
      </div>
      <dl className="flex gap-6 text-sm sm:text-right">
        <div>
          <dt className="text-body">Time to take</dt>
          <dd className="font-semibold text-ink">
            {request.acknowledgedAt === null
              ? '—'
              : formatDuration(request.acknowledgedAt - request.createdAt)}
          </dd>
        </div>
        <div>
          <dt className="text-body">{completed ? 'Time to complete' : 'Dismissed after'}</dt>
          <dd className="font-semibold text-ink">
            {formatDuration(resolvedAt - request.createdAt)}
          </dd>
        </div>
      </dl>
    </article>
  );
}
