import { useId } from 'react';
import { MSG } from '../../../../shared/messages';
import { Skeleton } from '../../../components/ui/skeleton';
import { LoadError } from '../../../components/ui/empty-state';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useErrorToast } from '../../../lib/use-error-toast';
import { useNow } from '../../../lib/use-now';
import { useRestaurant } from '../../restaurants/api/restaurants-api';
import { useActiveRestaurant } from '../../restaurants/components/active-restaurant-provider';
import { NoRestaurantNotice } from '../../restaurants/components/no-restaurant-notice';
import { formatResponseMinutes, localMidnight, useDashboard } from '../api/dashboard-api';
import { EmptyPanel } from '../components/empty-panel';
import { STAT_ICONS, StatCard } from '../components/stat-card';

/** Local midnight is re-derived this often, so an open dashboard rolls over to a new day by itself. */
const CLOCK_TICK_MS = 60_000;

const STAT_GRID = 'grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-4';

/** SPEC §2 /admin/dashboard 'Restaurant Overview'. */
export function AdminDashboardPage() {
  useDocumentTitle('Restaurant Overview');
  const { restaurantId } = useActiveRestaurant();
  const restaurant = useRestaurant(restaurantId).data;
  const since = localMidnight(useNow(CLOCK_TICK_MS));
  const dashboard = useDashboard(restaurantId, since);
  const figuresHeadingId = useId();
  useErrorToast(dashboard.isError, MSG.loadDashboardFailed);

  const figures = dashboard.data;

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Restaurant Overview</h1>
        {restaurant && <p className="mt-1 text-slate-700">{restaurant.name}</p>}
      </div>

      {restaurantId === null ? (
        <NoRestaurantNotice />
      ) : (
        <>
          <section aria-labelledby={figuresHeadingId}>
            <h2 id={figuresHeadingId} className="sr-only">
              Today at a glance
            </h2>
            {dashboard.isPending ? (
              <div role="status">
                <span className="sr-only">Loading dashboard</span>
                <div aria-hidden="true" className={STAT_GRID}>
                  {Array.from({ length: 4 }, (_, index) => (
                    <div
                      key={index}
                      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
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
                message={MSG.loadDashboardFailed}
                onRetry={() => void dashboard.refetch()}
              />
            ) : (
              <dl className={STAT_GRID}>
                <StatCard
                  label="Total Tables"
                  value={figures.totalTables}
                  icon={STAT_ICONS.tables}
                  hint="Tables in this restaurant"
                />
                <StatCard
                  label="Active Servers"
                  value={figures.activeServers}
                  icon={STAT_ICONS.servers}
                  hint="Servers signed in right now"
                />
                <StatCard
                  label="Requests Today"
                  value={figures.requestsToday}
                  icon={STAT_ICONS.requests}
                  hint="Guest requests since midnight"
                />
                <StatCard
                  label="Avg. Response Time"
                  value={
                    figures.avgResponseMinutes === null ? (
                      <>
                        <span aria-hidden="true">—</span>
                        <span className="sr-only">No completed requests yet</span>
                      </>
                    ) : (
                      <>
                        {formatResponseMinutes(figures.avgResponseMinutes)}
                        <span className="ml-1 text-base font-semibold text-slate-700">min</span>
                      </>
                    )
                  }
                  icon={STAT_ICONS.clock}
                  hint="Minutes from request to completion"
                />
              </dl>
            )}
          </section>

          <div className="grid gap-4 lg:grid-cols-2">
            <EmptyPanel
              title="Recent Activity"
              emptyTitle="No recent activity"
              emptyText="Guest requests and table changes will show up here."
            />
            <EmptyPanel
              title="Server Status"
              emptyTitle="No server status yet"
              emptyText="Servers on shift and their tables will show up here."
            />
          </div>
        </>
      )}
    </div>
  );
}
