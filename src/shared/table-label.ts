/**
 * Tables as written (issue 27 item 1, docs/decisions/064): how a table's label reads on every screen and text, how
 * labels are normalised, and the one natural order tables are listed in. Isomorphic and pure: the server-rendered
 * guest page, push texts and the client all call these.
 */

/**
 * A table number in SPEC's sense: decimal digits (any script's: '12', '０７', '١٢'), optionally followed by one
 * Latin letter for a split table ('12a', '12B'). Such a label reads "Table {number}" (SPEC §2, §9); anything else
 * ('Terrace 12', 'Bar 3', 'T4', 'Patio') is a name the restaurant chose and reads exactly as written.
 */
const NUMBERED = /^\p{Nd}+[A-Za-z]?$/u;

export function isNumberedTable(label: string): boolean {
  return NUMBERED.test(label.trim());
}

/**
 * A table's label as a reader sees it. `numbered` is the catalogue's "Table {number}" in the reader's language
 * (app, guest or server catalogue); it is used only for numbers, so 'Terrace 12' never becomes 'Table Terrace 12'.
 */
export function tableLabel(label: string, numbered: (number: string) => string): string {
  const written = label.trim();
  return isNumberedTable(written) ? numbered(written) : written;
}

/**
 * A request's table in a staff alert: its label, or SPEC §8's 'Table {table id}' when the number is unknown (the
 * table was deleted).
 */
export function requestTableLabel(
  request: { tableNumber: string | null; tableId: string },
  numbered: (number: string) => string,
): string {
  return request.tableNumber === null
    ? numbered(request.tableId)
    : tableLabel(request.tableNumber, numbered);
}

/**
 * What a typed label is stored as: Unicode NFC (a composed 'é' and an 'e' with a combining accent are one name),
 * runs of white space (any kind) as one space, no white space at the ends.
 */
export function normalizeTableNumber(input: string): string {
  return input.normalize('NFC').replace(/\s+/gu, ' ').trim();
}

/**
 * Natural order ('2' before '10', 'T2' before 'T10', 'bar' beside 'Bar'), the same on server and client: a fixed
 * locale so a list prints in the same order whoever opens it; ties broken by code units so the order is total.
 */
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

export function compareTableLabels(a: string, b: string): number {
  return collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}

/** Sorts anything carrying a table `number` in natural order (a new array; the input is left alone). */
export function sortTables<T extends { number: string }>(tables: readonly T[]): T[] {
  return [...tables].sort((a, b) => compareTableLabels(a.number, b.number));
}
