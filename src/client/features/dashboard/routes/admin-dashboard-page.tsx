import { useEffect, useId } from 'react';
import { appText } from '@shared/i18n/app';
import { useI18n } from '../../../lib/i18n';
import { Skeleton } from '../../../components/ui/skeleton';
import { LoadError } from '../../../components/ui/empty-state';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useErrorToast } from '../../../lib/use-error-toast';
import { useNow } from '../../../lib/use-now';
import { useRestaurant } from '../../../lib/restaurants-api';
import { useActiveRestaurant } from '../../../lib/active-restaurant-provider';
import { NoRestaurantNotice } from '../../../components/no-restaurant-notice';
import { formatResponseMinutes, useDashboard } from '../api/dashboard-api';
import { RecentActivity } from '../components/recent-activity';
import { LongestWait } from '../components/longest-wait';
import { ServerStatus } from '../components/server-status';
import { RestaurantsAtAGlance } from '../components/restaurants-at-a-glance';
import { UncoveredTables } from '../components/uncovered-tables';
import { ReachedNobody } from '../components/reached-nobody';
import { STAT_ICONS, StatCard } from '../components/stat-card';

/** The clock is read this often, so an open dashboard rolls over to the restaurant's next day by itself. */
const CLOCK_TICK_MS = 60_000;
const DAY_MS = 24 * 3_600_000;

const STAT_GRID = 'grid grid-cols-2 gap-3 lg:grid-cols-3';

/** SPEC §2 /admin/dashboard 'Restaurant Overview'. */
export function AdminDashboardPage() {
  const i18n = useI18n();
  useDocumentTitle(appText(i18n, 'app.dashboard.title'));
  const { restaurantId, setRestaurantId } = useActiveRestaurant();
  const restaurant = useRestaurant(restaurantId).data;
  const dashboard = useDashboard(restaurantId);
  const figuresHeadingId = useId();
  useErrorToast(dashboard.isError, appText(i18n, 'app.dashboard.loadFailed'));

  const figures = dashboard.data;
  // "Today" is the restaurant's day (decision 044): past its end (≥ 23 h later across DST, re-checked each minute)
  // the figures are fetched again. Live events refresh everything else.
  const now = useNow(CLOCK_TICK_MS);
  const dayOver = figures !== undefined && now >= figures.dayStart + DAY_MS;
  const { refetch } = dashboard;
  useEffect(() => {
    if (dayOver) void refetch();
  }, [dayOver, refetch]);

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-ink">{appText(i18n, 'app.dashboard.title')}</h1>
        {restaurant && <p className="mt-1 text-body">{restaurant.name}</p>}
      </div>

      {restaurantId === null ? (
        <NoRestaurantNotice />
      ) : (
        <>
          <RestaurantsAtAGlance activeId={restaurantId} onOpen={setRestaurantId} />
          <section aria-labelledby={figuresHeadingId}>
            <h2 id={figuresHeadingId} className="sr-only">
              {appText(i18n, 'app.dashboard.atAGlance')}
            </h2>
            {dashboard.isPending ? (
              <div role="status">
                <span className="sr-only">{appText(i18n, 'app.dashboard.loading')}</span>
                <div aria-hidden="true" className={STAT_GRID}>
                  {Array.from({ length: 6 }, (_, index) => (
                    <div
                      key={index}
                      className="rounded-card border border-line bg-white p-4 shadow-sm"
                    >
                      <Skeleton className="h-4 w-28" />
                      <Skeleton className="mt-5 h-8 w-16" />
                      <Skeleton className="mt-2 h-3 w-32" />
                    </div>
                  ))}
                </div>
              </div>
            ) : figures === undefined ? (
              <LoadError
                message={appText(i18n, 'app.dashboard.loadFailed')}
                onRetry={() => void dashboard.refetch()}
              />
            ) : (
              <dl className={STAT_GRID}>
                {/* Issue 26: what a manager on the floor looks at first — guests waiting, and for how long. */}
                <StatCard
                  label={appText(i18n, 'app.dashboard.waitingNow')}
                  value={figures.waitingNow}
                  icon={STAT_ICONS.requests}
                  hint={appText(i18n, 'app.dashboard.waitingNowHint')}
                  highlight={figures.waitingNow > 0}
                />
                <StatCard
                  label={appText(i18n, 'app.dashboard.longestWait')}
                  value={
                    <LongestWait
                      seconds={figures.longestWaitSeconds}
                      receivedAt={dashboard.dataUpdatedAt}
                    />
                  }
                  icon={STAT_ICONS.hourglass}
                  hint={appText(i18n, 'app.dashboard.longestWaitHint')}
                  highlight={figures.longestWaitSeconds !== null}
                />
                <StatCard
                  label={appText(i18n, 'app.dashboard.totalTables')}
                  value={figures.totalTables}
                  icon={STAT_ICONS.tables}
                  hint={appText(i18n, 'app.dashboard.totalTablesHint')}
                />
                <StatCard
                  label={appText(i18n, 'app.dashboard.activeServers')}
                  value={figures.activeServers}
                  icon={STAT_ICONS.servers}
                  hint={appText(i18n, 'app.dashboard.activeServersHint')}
                />
                <StatCard
                  label={appText(i18n, 'app.dashboard.requestsToday')}
                  value={figures.requestsToday}
                  icon={STAT_ICONS.requests}
                  hint={appText(i18n, 'app.dashboard.requestsTodayHint', {
                    timeZone: figures.timeZone,
                  })}
                />
                <StatCard
                  label={appText(i18n, 'app.dashboard.avgResponse')}
                  value={
                    figures.avgResponseMinutes === null ? (
                      <>
                        <span aria-hidden="true">—</span>
                        <span className="sr-only">
                          {appText(i18n, 'app.dashboard.noneCompleted')}
                        </span>
                      </>
                    ) : (
                      <>
                        {formatResponseMinutes(figures.avgResponseMinutes, i18n)}
                        <span className="ms-1 text-base font-semibold text-body">
                          {appText(i18n, 'app.dashboard.minutes')}
                        </span>
                      </>
                    )
                  }
                  icon={STAT_ICONS.clock}
                  hint={appText(i18n, 'app.dashboard.avgResponseHint')}
                />
              </dl>
            )}
          </section>

          {figures !== undefined && (
            <div className="grid gap-4 lg:grid-cols-2">
              <RecentActivity activity={figures.recentActivity} timeZone={figures.timeZone} />
              <ServerStatus servers={figures.servers} />
              <UncoveredTables tables={figures.uncoveredTables} />
              <ReachedNobody reached={figures.reachedNobody} />
            </div>
          )}
        </>
      )}
    </div>
  );
}
