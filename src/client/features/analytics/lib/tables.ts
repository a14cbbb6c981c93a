/**
 * The figures as the page's tables (and CSV files) show them: one builder per table, shared by both, so the CSV
 * holds exactly the table's cells — headers and durations in the screen's language (issue 15; English: as before).
 */
import type { AnalyticsFigures, AnalyticsResponse } from '../../../../shared/analytics';
import { appTableLabel, appText } from '../../../../shared/i18n/app';
import type { AppMessageId } from '../../../../shared/i18n/compiled/app';
import type { I18n } from '../../../../shared/i18n/i18n';
import type { RequestType } from '../../../../shared/rules';
import type { TableData } from './csv';
import { formatDuration, formatHourRange } from './format';

/** The guest page's button names (SPEC §3), as the analytics' request types. */
const TYPE_LABELS: Readonly<Record<RequestType, AppMessageId>> = {
  server: 'app.settings.analytics.typeServer',
  order: 'app.settings.analytics.typeOrder',
  refill: 'app.settings.analytics.typeRefill',
  bill: 'app.settings.analytics.typeBill',
};

const timeColumns = (i18n: I18n) =>
  (
    [
      'app.settings.analytics.colTakeMedian',
      'app.settings.analytics.colTakeP90',
      'app.settings.analytics.colCompleteMedian',
      'app.settings.analytics.colCompleteP90',
    ] as const
  ).map((id) => appText(i18n, id));
const times = (i18n: I18n, f: AnalyticsFigures) => [
  formatDuration(f.ackMedianMs, i18n),
  formatDuration(f.ackP90Ms, i18n),
  formatDuration(f.completeMedianMs, i18n),
  formatDuration(f.completeP90Ms, i18n),
];

export function hourlyTable(i18n: I18n, hours: AnalyticsResponse['hours']): TableData {
  return {
    columns: [
      appText(i18n, 'app.settings.analytics.colHour'),
      appText(i18n, 'app.settings.analytics.colRequests'),
      appText(i18n, 'app.settings.analytics.colEscalated'),
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

function breakdown(i18n: I18n, label: string, rows: [string, AnalyticsFigures][]): TableData {
  return {
    columns: [
      label,
      appText(i18n, 'app.settings.analytics.colRequests'),
      appText(i18n, 'app.settings.analytics.colCompleted'),
      appText(i18n, 'app.settings.analytics.colDismissed'),
      appText(i18n, 'app.settings.analytics.colEscalated'),
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
    appText(i18n, 'app.settings.analytics.colServer'),
    data.servers.map((s) => [s.serverId === null ? notTaken : (s.name ?? notTaken), s]),
  );
}

export const typesTable = (i18n: I18n, data: AnalyticsResponse): TableData =>
  breakdown(
    i18n,
    appText(i18n, 'app.settings.analytics.colType'),
    data.types.map((t) => [appText(i18n, TYPE_LABELS[t.type]), t]),
  );

export const tablesTable = (i18n: I18n, data: AnalyticsResponse): TableData =>
  breakdown(
    i18n,
    appText(i18n, 'app.settings.analytics.colTable'),
    data.tables.map((t) => [appTableLabel(i18n, t.number), t]),
  );
