import { useId, useRef } from 'react';
import { COMPLETED_LIST_CAP, SKELETON_COUNT } from '../../../../shared/constants';
import { appText } from '../../../../shared/i18n/app';
import type { ServiceRequest } from '../../../../shared/schemas';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { actionFailed, actionSucceeded } from '../../../lib/action-toast';
import { messageFrom } from '../../../lib/api-client';
import { useI18n } from '../../../lib/i18n';
import { focusPageHeading } from '../../../lib/focus';
import { useLiveStatus } from '../../../lib/live-status';
import { useOnline } from '../../../lib/pwa';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { pendingTiming } from '../../../lib/request-timing';
import { useNow } from '../../../lib/use-now';
import { useRestaurant } from '../../../lib/restaurants-api';
import { useActiveRestaurant } from '../../../lib/active-restaurant-provider';
import { useCompleteRequest, useRequests } from '../api/requests-api';
import { sortPendingForDisplay } from '../api/requests-cache';
import { ConsoleControls } from '../components/console-controls';
import { CompletedRequestCard, PendingRequestCard } from '../components/request-card';

/** Waiting times tick every second ('45 s', issue 12). */
const ELAPSED_TICK_MS = 1_000;

/**
 * After a card leaves the list, focus must not fall to <body> (issue 12): it moves to the main action of the card
 * that took its place (or the one above it when it was the last), else to the page heading.
 */
function focusAfterRemoval(list: HTMLElement | null, index: number): void {
  const active = document.activeElement;
  if (active !== null && active !== document.body && active.isConnected) return;
  const actions = list?.querySelectorAll<HTMLElement>('[data-primary-action]') ?? [];
  const next = actions[Math.min(index, actions.length - 1)];
  if (next) next.focus();
  else focusPageHeading();
}

/**
 * SPEC §2 /server/requests ('Service Requests'). The server already limits a server's list to their own and
 * unassigned tables (SPEC §6); live events keep it current (app/live-provider.tsx).
 */
export function ServerRequestsPage() {
  const i18n = useI18n();
  useDocumentTitle(appText(i18n, 'app.console.docTitle'));
  const { restaurantId } = useActiveRestaurant();
  const requests = useRequests(restaurantId);
  const complete = useCompleteRequest();
  const restaurant = useRestaurant(restaurantId).data;
  const now = useNow(ELAPSED_TICK_MS);
  const listRef = useRef<HTMLUListElement>(null);
  const pendingHeadingId = useId();
  const completedHeadingId = useId();
  // Issue 5: the console opens without network (service worker) and says it is offline until it reconnects.
  const online = useOnline();
  const liveStatus = useLiveStatus();
  const offline = !online || liveStatus === 'offline';

  const escalateAfterMinutes = restaurant?.escalateAfterMinutes ?? null;
  // Overdue cards first, by the same rule the card shows (issue 12: emphasis and order agree).
  const pending = sortPendingForDisplay(
    (requests.data?.pending ?? []).map((request) =>
      !request.overdue && pendingTiming(request.createdAt, now, false, escalateAfterMinutes).overdue
        ? { ...request, overdue: true }
        : request,
    ),
  );

  function handleComplete(request: ServiceRequest) {
    const index = pending.findIndex((r) => r.id === request.id);
    complete.mutate(request.id, {
      onSuccess: () => {
        actionSucceeded('complete-request', appText(i18n, 'app.console.requestCompleted'));
        // After React has removed the card.
        requestAnimationFrame(() => focusAfterRemoval(listRef.current, Math.max(0, index)));
      },
      onError: () => actionFailed('complete-request', appText(i18n, 'app.console.completeFailed')),
    });
  }

  const completed = (requests.data?.completed ?? []).slice(0, COMPLETED_LIST_CAP);

  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold text-ink" tabIndex={-1}>
        {appText(i18n, 'app.console.title')}
      </h1>
      {offline && (
        <p
          role="status"
          className="rounded-card border border-warning-300 bg-warning-50 px-4 py-3 text-sm font-medium text-warning-900"
        >
          {appText(i18n, 'app.console.offline')}
        </p>
      )}
      <ConsoleControls />

      {requests.isPending && restaurantId !== null ? (
        <div role="status">
          <span className="sr-only">{appText(i18n, 'app.console.loading')}</span>
          <div aria-hidden="true" className="space-y-3">
            {Array.from({ length: SKELETON_COUNT }, (_, index) => (
              <Skeleton key={index} className="h-28 w-full rounded-card" />
            ))}
          </div>
        </div>
      ) : requests.isError && requests.data === undefined ? (
        <div className="rounded-card border border-line bg-white p-6 text-center">
          <p className="text-ink-soft">
            {offline
              ? appText(i18n, 'app.console.offline')
              : messageFrom(requests.error, appText(i18n, 'app.console.loadFailed'))}
          </p>
          <Button variant="secondary" className="mt-4" onClick={() => void requests.refetch()}>
            {appText(i18n, 'app.console.tryAgain')}
          </Button>
        </div>
      ) : (
        <>
          <section aria-labelledby={pendingHeadingId} className="space-y-3">
            <h2 id={pendingHeadingId} className="text-lg font-semibold text-ink">
              {appText(i18n, 'app.console.pendingHeading')}
            </h2>
            {pending.length === 0 ? (
              <p className="rounded-card border border-dashed border-line-strong bg-white p-6 text-center text-sm text-body">
                {appText(i18n, 'app.console.noPending')}
              </p>
            ) : (
              <ul ref={listRef} role="list" className="space-y-3">
                {pending.map((request) => (
                  <li key={request.id}>
                    <PendingRequestCard
                      request={request}
                      now={now}
                      escalateAfterMinutes={escalateAfterMinutes}
                      isCompleting={complete.isPending && complete.variables === request.id}
                      onComplete={handleComplete}
                    />
                  </li>
                ))}
              </ul>
            )}
          </section>

          {completed.length > 0 && (
            <section aria-labelledby={completedHeadingId} className="space-y-3">
              <h2 id={completedHeadingId} className="text-lg font-semibold text-ink">
                {appText(i18n, 'app.console.completedHeading')}
              </h2>
              <ul role="list" className="space-y-2">
                {completed.map((request) => (
                  <li key={request.id}>
                    <CompletedRequestCard request={request} now={now} />
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </div>
  );
}
