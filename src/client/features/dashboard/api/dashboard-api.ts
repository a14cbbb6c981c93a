import { useQuery } from '@tanstack/react-query';
import type { DashboardActivity } from '../../../../shared/schemas';
import { dashboardResponseSchema } from '../../../../shared/schemas';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * SPEC §2 'Restaurant Overview': figures, Recent Activity and Server Status, computed by the server in the
 * restaurant's own day (decision 044). No polling: request, table and presence live events invalidate this query
 * (app/live-provider.tsx), and the page refetches when the restaurant's day rolls over.
 */
export function useDashboard(restaurantId: string | null) {
  return useQuery({
    queryKey: queryKeys.dashboard(restaurantId ?? ''),
    queryFn: () =>
      api.get(
        `/api/restaurants/${encodeURIComponent(restaurantId ?? '')}/dashboard`,
        dashboardResponseSchema,
      ),
    enabled: restaurantId !== null,
    staleTime: 0,
  });
}

/** SPEC §9: minutes rounded-chip to one decimal; '—' while no request has been completed. */
export function formatResponseMinutes(minutes: number | null): string {
  return minutes === null ? '—' : minutes.toFixed(1);
}

/** A median wait: '45 s', '2 min 05 s'; '—' when there is none. */
export function formatWait(seconds: number | null): string {
  if (seconds === null) return '—';
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${String(rest).padStart(2, '0')} s`;
}

const TYPE_NOUN: Record<NonNullable<DashboardActivity['requestType']>, string> = {
  server: 'Server call',
  order: 'Order',
  refill: 'Refill',
  bill: 'Bill',
};

/** What happened, in a few words: 'Bill requested', 'Took order', 'Table assigned'. */
export function describeActivity(
  activity: Pick<DashboardActivity, 'kind' | 'requestType'>,
): string {
  const noun = activity.requestType ? TYPE_NOUN[activity.requestType] : 'Request';
  const lower = noun.toLowerCase();
  switch (activity.kind) {
    case 'pressed':
      return `${noun} requested`;
    case 'taken':
      return `Took ${lower}`;
    case 'completed':
      return `Completed ${lower}`;
    case 'dismissed':
      return `Dismissed ${lower}`;
    case 'escalated':
      return `${noun} overdue`;
    case 'assigned':
      return 'Took the table';
    case 'unassigned':
      return 'Released the table';
  }
}

/** A time of day in the restaurant's own zone (decision 044), e.g. '14:05'. */
export function formatClock(at: number, timeZone: string): string {
  return new Intl.DateTimeFormat(undefined, {
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  }).format(at);
}
