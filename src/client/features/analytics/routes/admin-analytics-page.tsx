import { useId, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import {
  ANALYTICS_PERIODS,
  isoDateSchema,
  type AnalyticsPeriod,
  type AnalyticsResponse,
} from '@shared/analytics';
import { appText } from '@shared/i18n/app';
import type { I18n } from '@shared/i18n/i18n';
import { EmptyState, LoadError } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { useI18n } from '../../../lib/i18n';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useRestaurant } from '../../../lib/restaurants-api';
import { useActiveRestaurant } from '../../../lib/active-restaurant-provider';
import { useTypeNames } from '../../../lib/type-names';
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
import {
  dutyTable,
  feedbackByDayTable,
  feedbackByServerTable,
  feedbackByTypeTable,
  hourlyTable,
  ratingsTable,
  visitsTable,
  serversTable,
  tablesTable,
  typesTable,
} from '../lib/tables';

const CONTROL =
  'min-h-11 rounded-control border border-line-strong bg-white px-3 text-sm font-semibold text-ink-soft hover:bg-canvas focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 disabled:opacity-50';

/** The period's dates as the screen's language writes them. */
function periodTitle(data: AnalyticsResponse, locale: string): string {
  if (data.period === 'day') return formatDay(data.start, {}, locale);
  if (data.period === 'month')
    return formatDay(data.start, { weekday: undefined, day: undefined }, locale);
  return `${formatDay(data.start, { weekday: undefined, year: undefined }, locale)} – ${formatDay(data.end, { weekday: undefined }, locale)}`;
}

/** A count as the screen's language writes numbers. */
const count = (i18n: I18n, value: number) => new Intl.NumberFormat(i18n.locale).format(value);

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
  numericFrom,
  empty,
}: {
  title: string;
  description: string;
  table: TableData;
  fileName: string;
  numericFrom?: number;
  /** Said instead of an empty table. */
  empty?: string;
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
        <CsvButton table={table} fileName={fileName} label={title} />
      </div>
      {empty !== undefined && table.rows.length === 0 ? (
        <p className="rounded-control bg-canvas px-4 py-6 text-center text-sm text-muted">
          {empty}
        </p>
      ) : (
        <DataTable caption={title} table={table} numericFrom={numericFrom} captionHidden />
      )}
    </section>
  );
}

function LoadingSkeleton() {
  const i18n = useI18n();
  return (
    <div role="status" className="space-y-4">
      <span className="sr-only">{appText(i18n, 'app.settings.analytics.loading')}</span>
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
  const i18n = useI18n();
  const names = useTypeNames();
  const { totals } = data;
  const busiest = data.busiestHours[0];
  const hourly = hourlyTable(i18n, data.hours);
  const t = (id: Parameters<typeof appText>[1], values?: Record<string, string | number>) =>
    appText(i18n, id, values);
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        <Kpi
          label={t('app.settings.analytics.requests')}
          value={count(i18n, totals.count)}
          hint={t('app.settings.analytics.requestsHint', {
            completed: count(i18n, totals.completed),
            dismissed: count(i18n, totals.dismissed),
          })}
        />
        <Kpi
          label={t('app.settings.analytics.escalated')}
          value={count(i18n, totals.escalated)}
          hint={
            totals.count > 0
              ? t('app.settings.analytics.escalatedHint', {
                  percent: new Intl.NumberFormat(i18n.locale, {
                    style: 'percent',
                    maximumFractionDigits: 0,
                  }).format(Math.round((totals.escalated / totals.count) * 100) / 100),
                })
              : t('app.settings.analytics.escalatedNone')
          }
        />
        <Kpi
          label={t('app.settings.analytics.timeToTake')}
          value={formatDuration(totals.ackMedianMs, i18n.locale)}
          hint={t('app.settings.analytics.medianHint', {
            duration: formatDuration(totals.ackP90Ms, i18n.locale),
          })}
        />
        <Kpi
          label={t('app.settings.analytics.timeToComplete')}
          value={formatDuration(totals.completeMedianMs, i18n.locale)}
          hint={t('app.settings.analytics.medianHint', {
            duration: formatDuration(totals.completeP90Ms, i18n.locale),
          })}
        />
        <Kpi
          className="col-span-2 lg:col-span-1"
          label={t('app.settings.analytics.busiest')}
          // Isolated, a clock range takes its direction from its own words: Arabic's '5:00 م–6:00 م' starts on
          // the right, digits alone ('17:00–18:00') keep their order.
          value={busiest ? <bdi>{formatHourRange(busiest.hour, i18n.locale)}</bdi> : '—'}
          hint={
            data.busiestHours.length > 0
              ? data.busiestHours
                  .map((h) => `${formatHour(h.hour, i18n.locale)} (${count(i18n, h.count)})`)
                  .join(' · ')
              : t('app.settings.analytics.noRequests')
          }
        />
      </dl>

      <div className="grid gap-4 xl:grid-cols-2">
        <ChartCard
          title={t('app.settings.analytics.requestsPerHour')}
          description={t('app.settings.analytics.requestsPerHourDescription', {
            zone: data.timeZone,
          })}
          summary={
            busiest
              ? t('app.settings.analytics.requestsPerHourSummaryBusiest', {
                  hours: formatHourRange(busiest.hour, i18n.locale),
                  count: count(i18n, busiest.count),
                })
              : t('app.settings.analytics.requestsPerHourSummary')
          }
          chart={<RequestsPerHourChart hours={data.hours} />}
          table={hourly}
          fileName={`${fileStem}-requests-per-hour.csv`}
        />
        <ChartCard
          title={t('app.settings.analytics.responseTimes')}
          description={t('app.settings.analytics.responseTimesDescription')}
          summary={t('app.settings.analytics.responseTimesSummary')}
          chart={
            totals.ackMedianMs === null && totals.completeMedianMs === null ? (
              <p className="flex h-full items-center justify-center rounded-control bg-canvas px-4 text-center text-sm text-muted">
                {t('app.settings.analytics.noneTaken')}
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
        title={t('app.settings.analytics.byServer')}
        description={t('app.settings.analytics.byServerDescription')}
        table={serversTable(i18n, data)}
        fileName={`${fileStem}-by-server.csv`}
      />
      {/* Side by side only where nine columns still fit half the width without scrolling (issue 26). */}
      <div className="grid gap-4 2xl:grid-cols-2">
        <Breakdown
          title={t('app.settings.analytics.byType')}
          description={t('app.settings.analytics.byTypeDescription')}
          table={typesTable(i18n, data, names)}
          fileName={`${fileStem}-by-type.csv`}
        />
        <Breakdown
          title={t('app.settings.analytics.byTable')}
          description={t('app.settings.analytics.byTableDescription')}
          table={tablesTable(i18n, data)}
          fileName={`${fileStem}-by-table.csv`}
        />
      </div>

      {/* Decision 092: a party's visits — time seated, calls per visit, time to the bill. */}
      <Breakdown
        title={t('app.settings.analytics.visits')}
        description={t('app.settings.analytics.visitsDescription')}
        table={visitsTable(i18n, data)}
        fileName={`${fileStem}-visits.csv`}
        empty={t('app.settings.analytics.noVisits')}
      />
      {/* Decision 096: who was on duty when. */}
      <Breakdown
        title={t('app.settings.analytics.onDuty')}
        description={t('app.settings.analytics.onDutyDescription')}
        table={dutyTable(i18n, data)}
        fileName={`${fileStem}-on-duty.csv`}
        empty={t('app.settings.analytics.noDuty')}
      />

      {/* Decisions 082, 083: what guests said — "not resolved" answers and the private ratings after the bill. */}
      <h2 className="pt-2 text-lg font-semibold text-ink">
        {t('app.settings.analytics.feedback')}
      </h2>
      <p className="-mt-3 text-sm text-muted">{t('app.settings.analytics.feedbackDescription')}</p>
      {/* Two a row where five columns fit half the width without scrolling (issue 26). */}
      <div className="grid gap-4 xl:grid-cols-2">
        <Breakdown
          title={t('app.settings.analytics.feedbackByDay')}
          description={t('app.settings.analytics.feedbackByDayDescription')}
          table={feedbackByDayTable(i18n, data)}
          fileName={`${fileStem}-feedback-by-day.csv`}
          empty={t('app.settings.analytics.noRequests')}
        />
        <Breakdown
          title={t('app.settings.analytics.feedbackByServer')}
          description={t('app.settings.analytics.feedbackByServerDescription')}
          table={feedbackByServerTable(i18n, data)}
          fileName={`${fileStem}-feedback-by-server.csv`}
          empty={t('app.settings.analytics.noRequests')}
        />
        <Breakdown
          title={t('app.settings.analytics.feedbackByType')}
          description={t('app.settings.analytics.feedbackByTypeDescription')}
          table={feedbackByTypeTable(i18n, data, names)}
          fileName={`${fileStem}-feedback-by-type.csv`}
          empty={t('app.settings.analytics.noRequests')}
        />
      </div>
      <Breakdown
        title={t('app.settings.analytics.ratings')}
        description={t('app.settings.analytics.ratingsDescription')}
        table={ratingsTable(i18n, data)}
        fileName={`${fileStem}-ratings.csv`}
        numericFrom={99}
        empty={t('app.settings.analytics.noRatings')}
      />
    </div>
  );
}

/**
 * Issue 13 analytics: one day, week (Monday first) or month of the restaurant's requests, hours in its own zone
 * (decisions 045, 046). Period and date live in the URL, so a view can be bookmarked or shared.
 */
export function AdminAnalyticsPage() {
  const i18n = useI18n();
  useDocumentTitle(appText(i18n, 'app.settings.analytics.title'));
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
          <h1 className="text-2xl font-bold text-ink">
            {appText(i18n, 'app.settings.analytics.title')}
          </h1>
          <p className="mt-1 text-body">
            {restaurant?.name}
            {data && (
              <>
                {restaurant && ' · '}
                <span className="font-medium">{periodTitle(data, i18n.locale)}</span>
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
                {appText(i18n, 'app.settings.analytics.period')}
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
                  {appText(i18n, 'app.settings.analytics.periodLabel', { period: option })}
                </button>
              ))}
            </div>
            <div className="flex items-center gap-1">
              <button
                type="button"
                className={`${CONTROL} px-3`}
                aria-label={appText(i18n, 'app.settings.analytics.previous', { period })}
                disabled={!data}
                onClick={() => data && choose({ date: step(period, data.start, -1) })}
              >
                <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
                  ‹
                </span>
              </button>
              <label htmlFor={dateId} className="sr-only">
                {appText(i18n, 'app.settings.analytics.date')}
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
                aria-label={appText(i18n, 'app.settings.analytics.next', { period })}
                disabled={!data}
                onClick={() => data && choose({ date: step(period, data.start, 1) })}
              >
                <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
                  ›
                </span>
              </button>
            </div>
            <button
              type="button"
              className={CONTROL}
              disabled={date === null}
              onClick={() => choose({ date: null })}
            >
              {appText(i18n, 'app.settings.analytics.today')}
            </button>
            {data && (
              <p className="ms-auto px-2 text-xs text-muted">
                {appText(i18n, 'app.settings.analytics.timesIn', { zone: data.timeZone })}
              </p>
            )}
          </div>

          {analytics.isPending ? (
            <LoadingSkeleton />
          ) : data === undefined ? (
            <LoadError
              message={appText(i18n, 'app.settings.analytics.loadFailed')}
              onRetry={() => void analytics.refetch()}
            />
          ) : data.totals.count === 0 ? (
            <EmptyState title={appText(i18n, 'app.settings.analytics.emptyTitle')}>
              {appText(i18n, 'app.settings.analytics.emptyText')}
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
