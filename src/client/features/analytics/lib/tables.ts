/**
 * The figures as the page's tables (and CSV files) show them: one builder per table, shared by both, so the CSV
 * holds exactly the table's cells — headers and durations in the screen's language (issue 15) — and, beside each
 * duration, its seconds as a number (issue 26).
 */
import type { AnalyticsFigures, AnalyticsResponse } from '@shared/analytics';
import { appTableLabel, appText } from '@shared/i18n/app';
import type { AppMessageId } from '@shared/i18n/compiled/app';
import type { I18n } from '@shared/i18n/i18n';
import { isSpecType } from '@shared/request-types';
import type { RequestType } from '@shared/rules';
import { typeText, type TypeNames } from '../../../lib/request-text';
import type { Cell, Column, TableData } from './csv';
import { formatDay, formatDuration, formatHourRange } from './format';

/** The guest page's button names (SPEC §3), as the analytics' request types. */
const TYPE_LABELS: Readonly<Record<RequestType, AppMessageId>> = {
  server: 'app.settings.analytics.typeServer',
  order: 'app.settings.analytics.typeOrder',
  refill: 'app.settings.analytics.typeRefill',
  bill: 'app.settings.analytics.typeBill',
};

/**
 * A type's name in the tables and the CSV: SPEC's four as the guest's buttons, a restaurant's own by its label in the
 * screen's language (decision 087; a deleted one too).
 */
const typeName = (i18n: I18n, type: string, names: TypeNames | null | undefined): string =>
  isSpecType(type)
    ? appText(i18n, TYPE_LABELS[type])
    : typeText(i18n, type as `c_${string}`, names);

/** The four response times: their header, and the name of their seconds column in the CSV. */
const TIME_COLUMNS = [
  ['app.settings.analytics.colTakeMedian', 'take_median_seconds'],
  ['app.settings.analytics.colTakeP90', 'take_p90_seconds'],
  ['app.settings.analytics.colCompleteMedian', 'complete_median_seconds'],
  ['app.settings.analytics.colCompleteP90', 'complete_p90_seconds'],
] as const;

const timeColumns = (i18n: I18n): Column[] =>
  TIME_COLUMNS.map(([id, secondsHeader]) => ({ label: appText(i18n, id), secondsHeader }));
const times = (i18n: I18n, f: AnalyticsFigures): Cell[] =>
  [f.ackMedianMs, f.ackP90Ms, f.completeMedianMs, f.completeP90Ms].map((ms) => ({
    text: formatDuration(ms, i18n.locale),
    ms,
  }));
const label = (i18n: I18n, id: AppMessageId): Column => ({ label: appText(i18n, id) });

export function hourlyTable(i18n: I18n, hours: AnalyticsResponse['hours']): TableData {
  return {
    columns: [
      label(i18n, 'app.settings.analytics.colHour'),
      label(i18n, 'app.settings.analytics.colRequests'),
      label(i18n, 'app.settings.analytics.colEscalated'),
      ...timeColumns(i18n),
    ],
    rows: hours.map((h) => [
      formatHourRange(h.hour, i18n.locale),
      String(h.count),
      String(h.escalated),
      ...times(i18n, h),
    ]),
  };
}

function breakdown(i18n: I18n, first: AppMessageId, rows: [string, AnalyticsFigures][]): TableData {
  return {
    columns: [
      label(i18n, first),
      label(i18n, 'app.settings.analytics.colRequests'),
      label(i18n, 'app.settings.analytics.colCompleted'),
      label(i18n, 'app.settings.analytics.colDismissed'),
      label(i18n, 'app.settings.analytics.colEscalated'),
      ...timeColumns(i18n),
    ],
    rows: rows.map(([name, f]) => [
      name,
      String(f.count),
      String(f.completed),
      String(f.dismissed),
      String(f.escalated),
      ...times(i18n, f),
    ]),
  };
}

export function serversTable(i18n: I18n, data: AnalyticsResponse): TableData {
  // Requests nobody took (or whose taker's account is gone): decision 046.
  const notTaken = appText(i18n, 'app.settings.analytics.notTaken');
  return breakdown(
    i18n,
    'app.settings.analytics.colServer',
    data.servers.map((s) => [s.serverId === null ? notTaken : (s.name ?? notTaken), s]),
  );
}

export const typesTable = (
  i18n: I18n,
  data: AnalyticsResponse,
  names: TypeNames | null | undefined,
): TableData =>
  breakdown(
    i18n,
    'app.settings.analytics.colType',
    data.types.map((t) => [typeName(i18n, t.type, names), t]),
  );

export const tablesTable = (i18n: I18n, data: AnalyticsResponse): TableData =>
  breakdown(
    i18n,
    'app.settings.analytics.colTable',
    data.tables.map((t) => [appTableLabel(i18n, t.number), t]),
  );

// ---------- guest feedback (decisions 082, 083) ----------

/** An average rating as the screen writes it (one decimal), with its plain figure for the CSV. */
const ratingCell = (i18n: I18n, average: number | null): Cell => ({
  text:
    average === null
      ? '—'
      : new Intl.NumberFormat(i18n.locale, { maximumFractionDigits: 1 }).format(average),
  value: average,
});

function feedbackBreakdown(
  i18n: I18n,
  first: AppMessageId,
  rows: [string, AnalyticsFigures][],
): TableData {
  return {
    columns: [
      label(i18n, first),
      label(i18n, 'app.settings.analytics.colRequests'),
      label(i18n, 'app.settings.analytics.colNotResolved'),
      label(i18n, 'app.settings.analytics.colRatings'),
      {
        label: appText(i18n, 'app.settings.analytics.colRatingAverage'),
        numberHeader: 'rating_average',
      },
    ],
    rows: rows.map(([name, f]) => [
      name,
      String(f.count),
      String(f.notResolved),
      String(f.ratings),
      ratingCell(i18n, f.ratingAverage),
    ]),
  };
}

/** Guest feedback per day of the period (the restaurant's local dates). */
export const feedbackByDayTable = (i18n: I18n, data: AnalyticsResponse): TableData =>
  feedbackBreakdown(
    i18n,
    'app.settings.analytics.colDay',
    data.days.map((d) => [formatDay(d.date, {}, i18n.locale), d]),
  );

export function feedbackByServerTable(i18n: I18n, data: AnalyticsResponse): TableData {
  const notTaken = appText(i18n, 'app.settings.analytics.notTaken');
  return feedbackBreakdown(
    i18n,
    'app.settings.analytics.colServer',
    data.servers.map((s) => [s.serverId === null ? notTaken : (s.name ?? notTaken), s]),
  );
}

export const feedbackByTypeTable = (
  i18n: I18n,
  data: AnalyticsResponse,
  names: TypeNames | null | undefined,
): TableData =>
  feedbackBreakdown(
    i18n,
    'app.settings.analytics.colType',
    data.types.map((t) => [typeName(i18n, t.type, names), t]),
  );

/** The period's ratings, newest first, with what the guest wrote (plain text; the CSV keeps it as text). */
export function ratingsTable(i18n: I18n, data: AnalyticsResponse): TableData {
  const when = new Intl.DateTimeFormat(i18n.locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: data.timeZone,
  });
  const notTaken = appText(i18n, 'app.settings.analytics.notTaken');
  return {
    columns: [
      label(i18n, 'app.settings.analytics.colRatedAt'),
      label(i18n, 'app.settings.analytics.colTable'),
      label(i18n, 'app.settings.analytics.colServer'),
      label(i18n, 'app.settings.analytics.colStars'),
      { label: appText(i18n, 'app.settings.analytics.colComment'), wrap: true },
    ],
    rows: data.ratingList.map((r) => [
      when.format(r.ratedAt),
      r.tableNumber === null ? '—' : appTableLabel(i18n, r.tableNumber),
      r.serverName ?? notTaken,
      String(r.stars),
      r.comment ?? '',
    ]),
  };
}

// ---------- a party's visits (decision 092) ----------

/**
 * The period's visits per day they opened, then the whole period: how many, how long parties stayed, how often they
 * called and how soon they asked for the bill (durations with their seconds in the CSV).
 */
export function visitsTable(i18n: I18n, data: AnalyticsResponse): TableData {
  const duration = (ms: number | null): Cell => ({ text: formatDuration(ms, i18n.locale), ms });
  const calls = (value: number | null): Cell => ({
    text:
      value === null
        ? '—'
        : new Intl.NumberFormat(i18n.locale, { maximumFractionDigits: 1 }).format(value),
    value,
  });
  const row = (name: string, v: AnalyticsResponse['visits']): Cell[] => [
    name,
    String(v.count),
    duration(v.seatedMedianMs),
    calls(v.callsPerVisit),
    duration(v.billMedianMs),
  ];
  return {
    columns: [
      label(i18n, 'app.settings.analytics.colDay'),
      label(i18n, 'app.settings.analytics.colVisits'),
      {
        label: appText(i18n, 'app.settings.analytics.colSeatedMedian'),
        secondsHeader: 'seated_median_seconds',
      },
      {
        label: appText(i18n, 'app.settings.analytics.colCallsPerVisit'),
        numberHeader: 'calls_per_visit',
      },
      {
        label: appText(i18n, 'app.settings.analytics.colBillMedian'),
        secondsHeader: 'bill_median_seconds',
      },
    ],
    rows:
      data.visits.count === 0
        ? []
        : [
            ...data.visitDays.map((d) => row(formatDay(d.date, {}, i18n.locale), d)),
            row(appText(i18n, 'app.settings.analytics.wholePeriod'), data.visits),
          ],
  };
}

/** Decision 096: who was on duty in the period, and for how long inside it. */
export function dutyTable(i18n: I18n, data: AnalyticsResponse): TableData {
  return {
    columns: [
      label(i18n, 'app.settings.analytics.colServer'),
      label(i18n, 'app.settings.analytics.colShifts'),
      {
        label: appText(i18n, 'app.settings.analytics.colOnDuty'),
        secondsHeader: 'on_duty_seconds',
      },
    ],
    rows: data.duty.map((d) => [
      d.name,
      String(d.shifts),
      { text: formatDuration(d.onDutyMs, i18n.locale), ms: d.onDutyMs },
    ]),
  };
}
