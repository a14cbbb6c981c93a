import { useId, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import {
  ANALYTICS_PERIODS,
  isoDateSchema,
  type AnalyticsPeriod,
  type AnalyticsResponse,
} from '../../../../shared/analytics';
import { EmptyState, LoadError } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useRestaurant } from '../../../lib/restaurants-api';
import { useActiveRestaurant } from '../../../lib/active-restaurant-provider';
import { NoRestaurantNotice } from '../../../components/no-restaurant-notice';
import { useAnalytics } from '../api/analytics-api';
import { ChartCard } from '../components/chart-card';
import { CsvButton, DataTable } from '../components/data-table';
import { RequestsPerHourChart, ResponseTimesChart } from '../components/hourly-charts';
import type { TableData } from '../lib/csv';
import {
  addDays,
  addMonths,
  formatDay,
  formatDuration,
  formatHour,
  formatHourRange,
} from '../lib/format';
import { hourlyTable, serversTable, tablesTable, typesTable } from '../lib/tables';

const LOAD_FAILED = 'Failed to load analytics';
const PERIOD_LABELS: Record<AnalyticsPeriod, string> = { day: 'Day', week: 'Week', month: 'Month' };
const CONTROL =
  'min-h-11 rounded-control border border-line-strong bg-white px-3 text-sm font-semibold text-ink-soft hover:bg-canvas focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 disabled:opacity-50';

function periodTitle(data: AnalyticsResponse): string {
  if (data.period === 'day') return formatDay(data.start);
  if (data.period === 'month') return formatDay(data.start, { weekday: undefined, day: undefined });
  return `${formatDay(data.start, { weekday: undefined, year: undefined })} – ${formatDay(data.end, { weekday: undefined })}`;
}

/** The day one period before or after `start`. */
function step(period: AnalyticsPeriod, start: string, by: 1 | -1): string {
  if (period === 'day') return addDays(start, by);
  if (period === 'week') return addDays(start, 7 * by);
  return addMonths(start, by);
}

function Kpi({
  label,
  value,
  hint,
  className = '',
}: {
  label: string;
  value: ReactNode;
  hint: string;
  className?: string;
}) {
  return (
    <div className={`rounded-card border border-line bg-white p-4 shadow-sm ${className}`}>
      <dt className="text-sm font-medium text-muted">{label}</dt>
      <dd className="mt-2">
        <span className="block text-2xl font-bold tabular-nums text-ink">{value}</span>
        <span className="mt-1 block text-xs text-muted">{hint}</span>
      </dd>
    </div>
  );
}

function Breakdown({
  title,
  description,
  table,
  fileName,
}: {
  title: string;
  description: string;
  table: TableData;
  fileName: string;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col gap-3 rounded-card border border-line bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="text-base font-semibold text-ink">
            {title}
          </h2>
          <p className="text-sm text-muted">{description}</p>
        </div>
        <CsvButton table={table} fileName={fileName} label={title.toLowerCase()} />
      </div>
      <DataTable caption={title} table={table} captionHidden />
    </section>
  );
}

function LoadingSkeleton() {
  return (
    <div role="status" className="space-y-4">
      <span className="sr-only">Loading analytics</span>
      <div aria-hidden="true" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="h-24 w-full" />
        ))}
      </div>
      <div aria-hidden="true" className="grid gap-4 xl:grid-cols-2">
        <Skeleton className="h-80 w-full" />
        <Skeleton className="h-80 w-full" />
      </div>
      <Skeleton className="h-48 w-full" />
    </div>
  );
}

function Figures({ data, fileStem }: { data: AnalyticsResponse; fileStem: string }) {
  const { totals } = data;
  const busiest = data.busiestHours[0];
  const hourly = hourlyTable(data.hours);
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        <Kpi
          label="Requests"
          value={totals.count}
          hint={`${totals.completed} completed · ${totals.dismissed} dismissed`}
        />
        <Kpi
          label="Escalated"
          value={totals.escalated}
          hint={
            totals.count > 0
              ? `${Math.round((totals.escalated / totals.count) * 100)}% of requests went overdue`
              : 'Requests that went overdue'
          }
        />
        <Kpi
          label="Time to take"
          value={formatDuration(totals.ackMedianMs)}
          hint={`Median · 90% within ${formatDuration(totals.ackP90Ms)}`}
        />
        <Kpi
          label="Time to complete"
          value={formatDuration(totals.completeMedianMs)}
          hint={`Median · 90% within ${formatDuration(totals.completeP90Ms)}`}
        />
        <Kpi
          className="col-span-2 lg:col-span-1"
          label="Busiest hours"
          value={busiest ? formatHourRange(busiest.hour) : '—'}
          hint={
            data.busiestHours.length > 0
              ? data.busiestHours.map((h) => `${formatHour(h.hour)} (${h.count})`).join(' · ')
              : 'No requests'
          }
        />
      </dl>

      <div className="grid gap-4 xl:grid-cols-2">
        <ChartCard
          title="Requests per hour"
          description={`Guest requests by hour of the day (${data.timeZone}).`}
          summary={
            busiest
              ? `Bar chart of requests per hour; the busiest hour is ${formatHourRange(busiest.hour)} with ${busiest.count}.`
              : 'Bar chart of requests per hour.'
          }
          chart={<RequestsPerHourChart hours={data.hours} />}
          table={hourly}
          fileName={`${fileStem}-requests-per-hour.csv`}
        />
        <ChartCard
          title="Response times per hour"
          description="Minutes from the guest's press until a server took it and until it was done."
          summary="Line chart of the median and 90th percentile time to take and to complete, per hour."
          chart={
            totals.ackMedianMs === null && totals.completeMedianMs === null ? (
              <p className="flex h-full items-center justify-center rounded-control bg-canvas px-4 text-center text-sm text-muted">
                No request in this period was taken or completed yet.
              </p>
            ) : (
              <ResponseTimesChart hours={data.hours} />
            )
          }
          table={hourly}
          fileName={`${fileStem}-response-times-per-hour.csv`}
        />
      </div>

      <Breakdown
        title="By server"
        description="Who took the requests, and how fast."
        table={serversTable(data)}
        fileName={`${fileStem}-by-server.csv`}
      />
      <div className="grid gap-4 xl:grid-cols-2">
        <Breakdown
          title="By request type"
          description="What guests asked for."
          table={typesTable(data)}
          fileName={`${fileStem}-by-type.csv`}
        />
        <Breakdown
          title="By table"
          description="Busiest tables first."
          table={tablesTable(data)}
          fileName={`${fileStem}-by-table.csv`}
        />
      </div>
    </div>
  );
}

/**
 * Issue 13 analytics: one day, week (Monday first) or month of the restaurant's requests, hours in its own zone
 * (decisions 045, 046). Period and date live in the URL, so a view can be bookmarked or shared.
 */
export function AdminAnalyticsPage() {
  useDocumentTitle('Analytics');
  const { restaurantId } = useActiveRestaurant();
  const restaurant = useRestaurant(restaurantId).data;
  const [params, setParams] = useSearchParams();
  const periodParam = params.get('period');
  const period: AnalyticsPeriod = ANALYTICS_PERIODS.includes(periodParam as AnalyticsPeriod)
    ? (periodParam as AnalyticsPeriod)
    : 'day';
  const dateParam = params.get('date');
  const date = dateParam && isoDateSchema.safeParse(dateParam).success ? dateParam : null;
  const analytics = useAnalytics(restaurantId, period, date);
  const data = analytics.data;
  const periodGroupId = useId();
  const dateId = useId();

  const choose = (next: { period?: AnalyticsPeriod; date?: string | null }) => {
    const query = new URLSearchParams();
    query.set('period', next.period ?? period);
    const nextDate = next.date === undefined ? date : next.date;
    if (nextDate) query.set('date', nextDate);
    setParams(query, { replace: true });
  };

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-ink">Analytics</h1>
          <p className="mt-1 text-body">
            {restaurant?.name}
            {data && (
              <>
                {restaurant && ' · '}
                <span className="font-medium">{periodTitle(data)}</span>
              </>
            )}
          </p>
        </div>
      </div>

      {restaurantId === null ? (
        <NoRestaurantNotice />
      ) : (
        <>
          <div className="flex flex-wrap items-center gap-2 rounded-card border border-line bg-white p-2 shadow-sm">
            <div
              role="group"
              aria-labelledby={periodGroupId}
              className="flex rounded-control bg-sunken p-0.5"
            >
              <span id={periodGroupId} className="sr-only">
                Period
              </span>
              {ANALYTICS_PERIODS.map((option) => (
                <button
                  key={option}
                  type="button"
                  aria-pressed={period === option}
                  onClick={() => choose({ period: option })}
                  className={`min-h-10 rounded-chip px-4 text-sm font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 ${
                    period === option ? 'bg-white text-ink shadow-sm' : 'text-muted hover:text-ink'
                  }`}
                >
                  {PERIOD_LABELS[option]}
                </button>
              ))}
            </div>
            <div className="flex items-center gap-1">
              <button
                type="button"
                className={`${CONTROL} px-3`}
                aria-label={`Previous ${period}`}
                disabled={!data}
                onClick={() => data && choose({ date: step(period, data.start, -1) })}
              >
                <span aria-hidden="true">‹</span>
              </button>
              <label htmlFor={dateId} className="sr-only">
                Date
              </label>
              <input
                id={dateId}
                type="date"
                className={`${CONTROL} font-normal`}
                value={date ?? data?.start ?? ''}
                onChange={(event) => {
                  if (isoDateSchema.safeParse(event.target.value).success)
                    choose({ date: event.target.value });
                }}
              />
              <button
                type="button"
                className={`${CONTROL} px-3`}
                aria-label={`Next ${period}`}
                disabled={!data}
                onClick={() => data && choose({ date: step(period, data.start, 1) })}
              >
                <span aria-hidden="true">›</span>
              </button>
            </div>
            <button
              type="button"
              className={CONTROL}
              disabled={date === null}
              onClick={() => choose({ date: null })}
            >
              Today
            </button>
            {data && <p className="ml-auto px-2 text-xs text-muted">Times in {data.timeZone}</p>}
          </div>

          {analytics.isPending ? (
            <LoadingSkeleton />
          ) : data === undefined ? (
            <LoadError message={LOAD_FAILED} onRetry={() => void analytics.refetch()} />
          ) : data.totals.count === 0 ? (
            <EmptyState title="No requests in this period">
              Requests that guests make from their table's page show up here.
            </EmptyState>
          ) : (
            <div
              aria-busy={analytics.isPlaceholderData}
              className={analytics.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}
            >
              <Figures data={data} fileStem={`${restaurantId}-${data.period}-${data.start}`} />
            </div>
          )}
        </>
      )}
    </div>
  );
}
