import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { downloadCsv, type TableData } from '../lib/csv';

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
  /** What the file holds, for screen readers ("Download requests per hour as CSV"). */
  label: string;
}) {
  return (
    <Button
      variant="secondary"
      aria-label={`Download ${label} as CSV`}
      onClick={() => downloadCsv(table, fileName)}
      className="shrink-0"
    >
      {DOWNLOAD_ICON}
      <span>CSV</span>
    </Button>
  );
}

/**
 * A real table with a caption: the accessible view of a chart, and the breakdowns themselves. Columns from
 * `numericFrom` on are figures (right-aligned, tabular digits). Wide tables scroll sideways inside a focusable
 * region on a phone; the first column stays put.
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
  const regionId = useId();
  return (
    // The scroll region's name differs from its section's (axe landmark-unique): "By server, table".
    <div
      role="region"
      aria-label={`${caption}, table`}
      tabIndex={0}
      className="overflow-x-auto rounded-control border border-line focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
    >
      <table className="w-full border-collapse text-left text-sm">
        <caption
          id={regionId}
          className={captionHidden ? 'sr-only' : 'px-3 py-2 text-left font-medium text-body'}
        >
          {caption}
        </caption>
        <thead className="bg-canvas text-xs uppercase tracking-wide text-muted">
          <tr>
            {table.columns.map((column, index) => (
              <th
                key={column}
                scope="col"
                className={`whitespace-nowrap px-3 py-2 font-semibold ${
                  index >= numericFrom ? 'text-right' : 'sticky left-0 bg-canvas'
                }`}
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-sunken">
          {table.rows.map((row, rowIndex) => (
            <tr key={rowIndex} className="hover:bg-canvas">
              {row.map((cell, index) =>
                index === 0 ? (
                  <th
                    key={index}
                    scope="row"
                    className="sticky left-0 whitespace-nowrap bg-white px-3 py-2 font-medium text-ink"
                  >
                    {cell}
                  </th>
                ) : (
                  <td
                    key={index}
                    className={`whitespace-nowrap px-3 py-2 text-ink-soft ${
                      index >= numericFrom ? 'text-right tabular-nums' : ''
                    }`}
                  >
                    {cell}
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
