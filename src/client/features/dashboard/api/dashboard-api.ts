import { useQuery } from '@tanstack/react-query';
import { appText, waitText } from '@shared/i18n/app';
import { messages as appEnglish } from '@shared/i18n/compiled/app/en';
import { messages as adminEnglish } from '@shared/i18n/compiled/app/admin/en';
import { createI18n, type I18n } from '@shared/i18n/i18n';
import type { DashboardActivity } from '@shared/schemas';
import { call } from '../../../lib/api-client';
import { api } from '../../../lib/api-ref';
import { queryKeys } from '../../../lib/query-keys';

/** The English (SPEC) texts, for callers without a screen language (tests, defaults). */
const ENGLISH = createI18n('en', { ...appEnglish, ...adminEnglish });

/**
 * SPEC §2 'Restaurant Overview': figures, Recent Activity and Server Status, computed by the server in the
 * restaurant's own day (decision 044). No polling: request, table and presence live events invalidate this query
 * (app/live-provider.tsx), and the page refetches when the restaurant's day rolls over.
 */
export function useDashboard(restaurantId: string | null) {
  return useQuery({
    queryKey: queryKeys.dashboard(restaurantId ?? ''),
    queryFn: () => call(api('getDashboard'), { params: { restaurantId: restaurantId ?? '' } }),
    enabled: restaurantId !== null,
    staleTime: 0,
  });
}

/** SPEC §9's average response time: minutes with one decimal ('2.2'), in the screen's locale; '—' when none. */
export function formatResponseMinutes(minutes: number | null, i18n: I18n = ENGLISH): string {
  if (minutes === null) return '—';
  return new Intl.NumberFormat(i18n.locale, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
    useGrouping: false,
  }).format(minutes);
}

/** A median wait: '45 s', '2 min 05 s' (in English; the screen's language otherwise); '—' when there is none. */
export function formatWait(seconds: number | null, i18n: I18n = ENGLISH): string {
  return waitText(i18n, seconds);
}

/** What happened, in a few words: 'Bill requested', 'Took order', 'Table assigned' (in the screen's language). */
export function describeActivity(
  activity: Pick<DashboardActivity, 'kind' | 'requestType'>,
  i18n: I18n = ENGLISH,
): string {
  return appText(i18n, `app.activity.${activity.kind}`, { type: activity.requestType ?? 'none' });
}

/** An event's time of day in the restaurant's zone (decision 045), written as the screen's locale writes it. */
export function formatClock(at: number, timeZone: string, i18n: I18n = ENGLISH): string {
  return new Intl.DateTimeFormat(i18n.locale, {
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  }).format(at);
}
