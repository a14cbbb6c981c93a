import { useId } from 'react';
import { appText } from '@shared/i18n/app';
import { Button } from '../../../components/ui/button';
import { useI18n } from '../../../lib/i18n';
import { cellText, downloadCsv, type TableData } from '../lib/csv';

const DOWNLOAD_ICON = (
  <svg
    aria-hidden="true"
    viewBox="0 0 24 24"
    className="size-4"
    fill="none"
    stroke="currentColor"
    strokeWidth={2}
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    <path d="M12 4v11m0 0-4-4m4 4 4-4M5 20h14" />
  </svg>
);

/** "Download CSV": exactly the cells of `table` (the same object the table view renders). */
export function CsvButton({
  table,
  fileName,
  label,
}: {
  table: TableData;
  fileName: string;
  /**
   * What the file holds, for screen readers: the table's title, lower-cased in the sentence ("Download requests per
   * hour as CSV"; a name read aloud sounds the same in any case).
   */
  label: string;
}) {
  const i18n = useI18n();
  return (
    <Button
      variant="secondary"
      aria-label={appText(i18n, 'app.settings.analytics.downloadCsv', {
        name: label.toLocaleLowerCase(i18n.locale),
      })}
      onClick={() => downloadCsv(table, fileName)}
      className="shrink-0"
    >
      {DOWNLOAD_ICON}
      <span>{appText(i18n, 'app.settings.analytics.csv')}</span>
    </Button>
  );
}

/** The first column's edge while the rest scrolls beneath it (a border would not stick with the cell). */
const STICKY =
  'sticky start-0 shadow-[inset_-1px_0_0_var(--color-line)] rtl:shadow-[inset_1px_0_0_var(--color-line)]';

/**
 * A real table with a caption: the accessible view of a chart, and the breakdowns themselves. Columns from
 * `numericFrom` on are figures (end-aligned, tabular digits); labels are start-aligned. Headers wrap so the table
 * fits its card on a laptop (issue 26); on a phone a wide table scrolls sideways inside a focusable region, its
 * first column staying put.
 */
export function DataTable({
  caption,
  table,
  numericFrom = 1,
  captionHidden = false,
}: {
  caption: string;
  table: TableData;
  numericFrom?: number;
  captionHidden?: boolean;
}) {
  const i18n = useI18n();
  const regionId = useId();
  return (
    // The scroll region's name differs from its section's (axe landmark-unique): "By server, table".
    <div
      role="region"
      aria-label={appText(i18n, 'app.settings.analytics.tableRegion', { caption })}
      tabIndex={0}
      className="overflow-x-auto rounded-control border border-line focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
    >
      <table className="w-full border-collapse text-start text-sm">
        <caption
          id={regionId}
          className={captionHidden ? 'sr-only' : 'px-3 py-2 text-start font-medium text-body'}
        >
          {caption}
        </caption>
        <thead className="bg-canvas text-xs text-muted">
          <tr>
            {table.columns.map((column, index) => (
              <th
                key={column.label}
                scope="col"
                className={`px-3 py-2 align-bottom font-semibold text-balance ${
                  index >= numericFrom
                    ? 'min-w-16 text-end'
                    : `${STICKY} whitespace-nowrap bg-canvas text-start`
                }`}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-sunken">
          {table.rows.map((row, rowIndex) => (
            <tr key={rowIndex} className="group">
              {row.map((cell, index) =>
                index === 0 ? (
                  <th
                    key={index}
                    scope="row"
                    className={`${STICKY} whitespace-nowrap bg-white px-3 py-2 text-start font-medium text-ink group-hover:bg-canvas`}
                  >
                    {cellText(cell)}
                  </th>
                ) : (
                  <td
                    key={index}
                    // Free text (a guest's comment, decision 083) wraps, in its own direction, as text only.
                    dir={table.columns[index]?.wrap ? 'auto' : undefined}
                    className={`px-3 py-2 text-ink-soft group-hover:bg-canvas ${
                      table.columns[index]?.wrap
                        ? 'min-w-48 whitespace-normal break-words'
                        : 'whitespace-nowrap'
                    } ${index >= numericFrom ? 'text-end tabular-nums' : ''}`}
                  >
                    {cellText(cell)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
