import { toSeconds } from './format';

/** A column of a table; a duration column names the CSV column that holds its figures in seconds. */
export interface Column {
  label: string;
  /** E.g. `take_median_seconds`: the CSV puts this column, numbers only, right after the readable one. */
  secondsHeader?: string;
  /** A number shown in the screen's language: the CSV puts this column, a plain number, right after it. */
  numberHeader?: string;
  /** Free text that wraps on screen (a guest's comment, decision 083). */
  wrap?: true;
}

/** A cell: its text, or a duration's text and its figure (ms; null when nothing counted). */
export type Cell =
  string | { text: string; ms: number | null } | { text: string; value: number | null };

/**
 * A table as the page shows it. The CSV export writes exactly these cells (issue 13: "the CSV matches the table"),
 * plus, beside each duration, its figure in seconds so a spreadsheet can average it (issue 26).
 */
export interface TableData {
  columns: Column[];
  rows: Cell[][];
}

export const cellText = (cell: Cell): string => (typeof cell === 'string' ? cell : cell.text);

/** The CSV's header and rows: the table's cells, each duration followed by its seconds. */
export function csvCells(table: TableData): string[][] {
  const header = table.columns.flatMap((column) => {
    const extra = column.secondsHeader ?? column.numberHeader;
    return extra === undefined ? [column.label] : [column.label, extra];
  });
  const rows = table.rows.map((row) =>
    row.flatMap((cell) =>
      typeof cell === 'string'
        ? [cell]
        : 'ms' in cell
          ? [cell.text, toSeconds(cell.ms)]
          : // Decision 066's rule for numbers: a dot decimal, no grouping; empty when nothing counted.
            [cell.text, cell.value === null ? '' : String(cell.value)],
    ),
  );
  return [header, ...rows];
}

/** RFC 4180: fields with a comma, quote or line break are quoted, quotes doubled; lines end with CRLF. */
function field(value: string): string {
  // A cell starting with = + - @ would run as a formula in a spreadsheet (CSV injection); a leading ' keeps it text.
  // A guest's comment is free text (decision 083): a '-' followed by anything but a plain number is kept as text
  // too ("-1" and a lone "-" stay as they are).
  const safe = /^[=+@\t\r]|^-(?!\d+(\.\d+)?$)./.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function toCsv(table: TableData): string {
  return (
    csvCells(table)
      .map((row) => row.map(field).join(','))
      .join('\r\n') + '\r\n'
  );
}

/** Saves `table` as a .csv file through a temporary link (no server round trip). */
export function downloadCsv(table: TableData, fileName: string): void {
  // A BOM so spreadsheet programs read the file as UTF-8 (names with accents).
  const blob = new Blob(['\uFEFF', toCsv(table)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
