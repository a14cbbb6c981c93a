/** A table as the page shows it: the CSV export writes exactly these cells (issue 13: "the CSV matches the table"). */
export interface TableData {
  columns: string[];
  rows: string[][];
}

/** RFC 4180: fields with a comma, quote or line break are quoted, quotes doubled; lines end with CRLF. */
function field(value: string): string {
  // A cell starting with = + - @ would run as a formula in a spreadsheet (CSV injection); a leading ' keeps it text.
  // Table numbers and names are the only free text here, and a number like "-1" is not worth a formula.
  const safe = /^[=+@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function toCsv(table: TableData): string {
  return (
    [table.columns, ...table.rows].map((row) => row.map(field).join(',')).join('\r\n') + '\r\n'
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
