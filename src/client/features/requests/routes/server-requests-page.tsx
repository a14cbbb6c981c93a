import { useId } from 'react';
import { toast } from 'react-toastify';
import { COMPLETED_LIST_CAP, SKELETON_COUNT } from '../../../../shared/constants';
import { MSG } from '../../../../shared/messages';
import type { ServiceRequest } from '../../../../shared/schemas';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { messageFrom } from '../../../lib/api-client';
import { useLiveStatus } from '../../../lib/live-status';
import { useOnline } from '../../../lib/pwa';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useNow } from '../../../lib/use-now';
import { useActiveRestaurant } from '../../restaurants/components/active-restaurant-provider';
import { useCompleteRequest, useRequests } from '../api/requests-api';
import { sortPendingForDisplay } from '../api/requests-cache';
import { ConsoleControls } from '../components/console-controls';
import { CompletedRequestCard, PendingRequestCard } from '../components/request-card';

/** Relative times ('2 minutes ago') are refreshed this often. */
const RELATIVE_TIME_REFRESH_MS = 30_000;

/**
 * SPEC §2 /server/requests ('Service Requests'). The server already limits a server's list to their own and
 * unassigned tables (SPEC §6); live events keep it current (app/live-provider.tsx).
 */
export function ServerRequestsPage() {
  useDocumentTitle('Service Requests');
  const { restaurantId } = useActiveRestaurant();
  const requests = useRequests(restaurantId);
  const complete = useCompleteRequest();
  const now = useNow(RELATIVE_TIME_REFRESH_MS);
  const pendingHeadingId = useId();
  const completedHeadingId = useId();
  // Issue 5: the console opens without network (service worker) and says it is offline until it reconnects.
  const online = useOnline();
  const liveStatus = useLiveStatus();
  const offline = !online || liveStatus === 'offline';

  function handleComplete(request: ServiceRequest) {
    complete.mutate(request.id, {
      onSuccess: () => toast.success(MSG.requestCompleted),
      onError: () => toast.error(MSG.completeRequestFailed),
    });
  }

  const pending = sortPendingForDisplay(requests.data?.pending ?? []);
  const completed = (requests.data?.completed ?? []).slice(0, COMPLETED_LIST_CAP);

  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold text-slate-900">Table Service Requests</h1>
      {offline && (
        <p
          role="status"
          className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900"
        >
          {MSG.staffOffline}
        </p>
      )}
      <ConsoleControls />

      {requests.isPending && restaurantId !== null ? (
        <div role="status">
          <span className="sr-only">Loading requests</span>
          <div aria-hidden="true" className="space-y-3">
            {Array.from({ length: SKELETON_COUNT }, (_, index) => (
              <Skeleton key={index} className="h-28 w-full rounded-xl" />
            ))}
          </div>
        </div>
      ) : requests.isError && requests.data === undefined ? (
        <div className="rounded-xl border border-slate-200 bg-white p-6 text-center">
          <p className="text-slate-800">
            {offline ? MSG.staffOffline : messageFrom(requests.error, MSG.internalError)}
          </p>
          <Button variant="secondary" className="mt-4" onClick={() => void requests.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          <section aria-labelledby={pendingHeadingId} className="space-y-3">
            <h2 id={pendingHeadingId} className="text-lg font-semibold text-slate-900">
              Pending Requests
            </h2>
            {pending.length === 0 ? (
              <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-700">
                No pending requests.
              </p>
            ) : (
              <ul role="list" className="space-y-3">
                {pending.map((request) => (
                  <li key={request.id}>
                    <PendingRequestCard
                      request={request}
                      now={now}
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
              <h2 id={completedHeadingId} className="text-lg font-semibold text-slate-900">
                Completed Requests
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
