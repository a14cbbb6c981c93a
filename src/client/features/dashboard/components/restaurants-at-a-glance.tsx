import { useId, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { appText } from '@shared/i18n/app';
import type { RestaurantGlance } from '@shared/schemas';
import { safeColor } from '@shared/color';
import { RestaurantMark } from '../../../components/ui/restaurant-mark';
import { Skeleton } from '../../../components/ui/skeleton';
import { call } from '../../../lib/api-client';
import { api } from '../../../lib/api-ref';
import { useI18n } from '../../../lib/i18n';
import { queryKeys } from '../../../lib/query-keys';
import { LongestWait } from './longest-wait';

/**
 * Every restaurant of the owner at a glance (issue 26 item 6, decision 085). No polling: every live event of any of
 * the owner's restaurants invalidates it (app/live-provider.tsx).
 */
function useRestaurantsOverview(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.restaurantsOverview,
    queryFn: () => call(api('getRestaurantsOverview'), {}),
    enabled,
    staleTime: 0,
  });
}

/**
 * "Your restaurants" above the dashboard of an owner of several: waiting now, longest wait, servers online and
 * requests today of each, live; a tap shows that restaurant's dashboard below (it becomes the active restaurant, as
 * the Settings picker makes it). Nothing shows for an owner of one restaurant: the dashboard is that overview.
 */
export function RestaurantsAtAGlance({
  activeId,
  onOpen,
}: {
  activeId: string | null;
  onOpen: (restaurantId: string) => void;
}) {
  const i18n = useI18n();
  const headingId = useId();
  const overview = useRestaurantsOverview(true);
  const restaurants = overview.data?.restaurants;
  if (overview.isPending)
    return (
      <div role="status" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <span className="sr-only">{appText(i18n, 'app.overview.loading')}</span>
        <Skeleton className="h-28 w-full" />
        <Skeleton className="h-28 w-full" />
      </div>
    );
  // One restaurant (or none, or the list failed: the dashboard below says so for the active one).
  if (restaurants === undefined || restaurants.length < 2) return null;
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div>
        <h2 id={headingId} className="text-lg font-semibold text-ink">
          {appText(i18n, 'app.overview.heading')}
        </h2>
        <p className="text-sm text-body">{appText(i18n, 'app.overview.description')}</p>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {restaurants.map((r) => (
          <li key={r.id}>
            <GlanceCard
              glance={r}
              current={r.id === activeId}
              receivedAt={overview.dataUpdatedAt}
              onOpen={() => onOpen(r.id)}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

function GlanceCard({
  glance,
  current,
  receivedAt,
  onOpen,
}: {
  glance: RestaurantGlance;
  current: boolean;
  receivedAt: number;
  onOpen: () => void;
}) {
  const i18n = useI18n();
  const waiting = glance.waitingNow > 0;
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-current={current ? 'true' : undefined}
      aria-label={appText(i18n, 'app.overview.open', { name: glance.name })}
      className={`flex w-full flex-col gap-3 rounded-card border p-3 text-start shadow-sm transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 sm:p-4 ${
        current
          ? 'border-brand-600 bg-brand-50'
          : waiting
            ? 'border-warning-300 bg-warning-50 hover:border-warning-500'
            : 'border-line bg-white hover:border-line-strong'
      }`}
    >
      <span className="flex items-center gap-2">
        <RestaurantMark
          name={glance.name}
          logoUrl={glance.logoUrl}
          color={safeColor(glance.secondaryColor)}
          className="size-8 text-sm"
        />
        <span className="min-w-0 flex-1 truncate font-semibold text-ink">{glance.name}</span>
        {current && (
          <span className="shrink-0 rounded-chip bg-brand-100 px-2 py-0.5 text-xs font-medium text-brand-800">
            {appText(i18n, 'app.overview.current')}
          </span>
        )}
      </span>
      {/* Not a <dl> inside a button (interactive content may hold phrasing content only). */}
      <span className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
        <Figure
          label={appText(i18n, 'app.dashboard.waitingNow')}
          value={glance.waitingNow}
          strong={waiting}
        />
        <Figure
          label={appText(i18n, 'app.dashboard.longestWait')}
          value={<LongestWait seconds={glance.longestWaitSeconds} receivedAt={receivedAt} />}
          strong={waiting}
        />
        <Figure label={appText(i18n, 'app.overview.serversOnline')} value={glance.activeServers} />
        <Figure label={appText(i18n, 'app.dashboard.requestsToday')} value={glance.requestsToday} />
      </span>
    </button>
  );
}

function Figure({
  label,
  value,
  strong = false,
}: {
  label: string;
  value: ReactNode;
  strong?: boolean;
}) {
  return (
    <span className="flex min-w-0 flex-col">
      <span className="truncate text-xs text-muted">{label}</span>
      <span
        className={`text-lg font-bold tabular-nums ${strong ? 'text-warning-800' : 'text-ink'}`}
      >
        {value}
      </span>
    </span>
  );
}
