import { useEffect, useMemo, type ReactNode } from 'react';
import { useSession } from '../lib/session-api';
import { useRequests } from '../features/requests/api/requests-api';
import { useActiveRestaurant } from '../lib/active-restaurant-provider';
import { showAppBadge } from '../lib/app-badge';
import { PendingRequestsContext, summarizePending } from '../lib/pending-requests';
import { usePendingTitleCount } from '../lib/use-document-title';

/**
 * Issue 12, pending at a glance: while a server is signed in, their request list stays loaded on every screen
 * (live events keep it current, app/live-provider.tsx) and its pending count goes to the header, the table cards,
 * the tab title and the installed app's icon. Admins and super admins have no request console, so no count.
 */
export function PendingRequestsProvider({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const { restaurantId } = useActiveRestaurant();
  const isServer = user?.role === 'server';
  const requests = useRequests(isServer ? restaurantId : null);
  const data = isServer ? requests.data : undefined;
  const summary = useMemo(() => summarizePending(data), [data]);

  usePendingTitleCount(summary.total);
  useEffect(() => {
    showAppBadge(summary.total);
  }, [summary.total]);
  // Signed out (or unmounted): the icon must not keep a stale count.
  useEffect(() => () => showAppBadge(0), []);

  return <PendingRequestsContext value={summary}>{children}</PendingRequestsContext>;
}
