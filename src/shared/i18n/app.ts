/** The staff and admin screens' texts (issue 15): the `app` catalogue, with ids checked against the English source. */
import type { I18n } from './i18n';
import type { AppMessageId } from './compiled/app';
import { requestTableLabel, tableLabel } from '../table-label';

export const appText = (
  i18n: I18n,
  id: AppMessageId,
  values?: Record<string, string | number>,
): string => i18n._(id, values);

/** A table as staff screens name it (decision 064): 'Table 7' for a number, 'Terrace 12' as written. */
export const appTableLabel = (i18n: I18n, number: string): string =>
  tableLabel(number, (n) => appText(i18n, 'app.admin.tables.table', { number: n }));

/** A request's table in a staff alert: its label, or 'Table {table id}' when the number is unknown (SPEC §8). */
export const appRequestTableLabel = (
  i18n: I18n,
  request: { tableNumber: string | null; tableId: string },
): string =>
  requestTableLabel(request, (n) => appText(i18n, 'app.admin.tables.table', { number: n }));

/** A median wait in the screen's language: '45 s', '2 min 05 s' (English); '—' when there is none. */
export function waitText(i18n: I18n, seconds: number | null): string {
  if (seconds === null) return '—';
  if (seconds < 60) return appText(i18n, 'app.wait.seconds', { seconds });
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return rest === 0
    ? appText(i18n, 'app.wait.minutes', { minutes })
    : appText(i18n, 'app.wait.minutesSeconds', { minutes, seconds: String(rest).padStart(2, '0') });
}
