/** The figures as the page's tables (and CSV files) show them: one builder per table, shared by both. */
import type { AnalyticsFigures, AnalyticsResponse } from '../../../../shared/analytics';
import { GUEST_BUTTON_LABELS } from '../../../../shared/rules';
import type { TableData } from './csv';
import { formatDuration, formatHourRange } from './format';

/** Requests nobody took (or whose taker's account is gone): decision 046. */
export const NOT_TAKEN = 'Not taken';

const TIME_COLUMNS = ['Take (median)', 'Take (p90)', 'Complete (median)', 'Complete (p90)'];
const times = (f: AnalyticsFigures) => [
  formatDuration(f.ackMedianMs),
  formatDuration(f.ackP90Ms),
  formatDuration(f.completeMedianMs),
  formatDuration(f.completeP90Ms),
];

export function hourlyTable(hours: AnalyticsResponse['hours']): TableData {
  return {
    columns: ['Hour', 'Requests', 'Escalated', ...TIME_COLUMNS],
    rows: hours.map((h) => [
      formatHourRange(h.hour),
      String(h.count),
      String(h.escalated),
      ...times(h),
    ]),
  };
}

function breakdown(label: string, rows: [string, AnalyticsFigures][]): TableData {
  return {
    columns: [label, 'Requests', 'Completed', 'Dismissed', 'Escalated', ...TIME_COLUMNS],
    rows: rows.map(([name, f]) => [
      name,
      String(f.count),
      String(f.completed),
      String(f.dismissed),
      String(f.escalated),
      ...times(f),
    ]),
  };
}

export const serversTable = (data: AnalyticsResponse): TableData =>
  breakdown(
    'Server',
    data.servers.map((s) => [s.serverId === null ? NOT_TAKEN : (s.name ?? NOT_TAKEN), s]),
  );

export const typesTable = (data: AnalyticsResponse): TableData =>
  breakdown(
    'Request type',
    data.types.map((t) => [GUEST_BUTTON_LABELS[t.type], t]),
  );

export const tablesTable = (data: AnalyticsResponse): TableData =>
  breakdown(
    'Table',
    data.tables.map((t) => [`Table ${t.number}`, t]),
  );
