/**
 * Bulk add (issue 27 item 1, docs/decisions/065): what the add-table field's text stands for. One label ('12',
 * 'Patio'), a range ('1-20', 'T1-T8', 'Terrace 1-4', 'Booth A-D') or a comma/line separated list of either
 * ('Bar, Patio, 21, 22'). The client shows the result as a preview and sends the list it shows; the server checks
 * that list again (BULK_TABLES_MAX, duplicates, length), so what was previewed is exactly what is created.
 */
import { BULK_TABLES_MAX, TABLE_NUMBER_MAX } from './constants';
import { hasControlChars } from './schemas';
import { normalizeTableNumber } from './table-label';

export type TableInputError =
  | { code: 'empty' }
  | { code: 'too_many'; max: number }
  | { code: 'too_long'; label: string; max: number }
  | { code: 'descending'; item: string }
  | { code: 'control_characters' }
  | { code: 'duplicate'; labels: string[] };

export type TableInputResult =
  { ok: true; labels: string[] } | { ok: false; error: TableInputError };

const DASH = '\\s*[-\u2013\u2014]\\s*';
/** 'T1-T8', 'Terrace 1-4', '01-12', 'T1-8': a prefix, a first number, a dash, the prefix again (or not), a last number. */
const NUMBER_RANGE = new RegExp(`^(.*?)(\\d+)${DASH}(.*?)(\\d+)$`, 'u');
/** 'A-D', 'Booth A-D': single letters of one case; the prefix, if any, does not end in a letter ('Bar-b' is a name). */
const LETTER_RANGE = new RegExp(`^(|.*[^\\p{L}])([A-Za-z])${DASH}(.*?)([A-Za-z])$`, 'u');

type Item =
  { kind: 'label'; label: string } | { kind: 'range'; size: number; at: (i: number) => string };

/** One comma- or line-separated piece. A piece in double quotes is a label taken literally ('"3-4"'). */
function readItem(raw: string): Item | TableInputError {
  const item = normalizeTableNumber(raw);
  const quoted = /^"(.*)"$/u.exec(item);
  if (quoted) return { kind: 'label', label: normalizeTableNumber(quoted[1] ?? '') };

  const numbers = NUMBER_RANGE.exec(item);
  if (numbers) {
    const [, prefix = '', first = '', again = '', last = ''] = numbers;
    if (again === '' || again.trim() === prefix.trim()) {
      const start = Number(first);
      const end = Number(last);
      if (end < start) return { code: 'descending', item };
      // '01-12' keeps the width of its first number: 01 … 12.
      const width = first.startsWith('0') ? first.length : 0;
      return {
        kind: 'range',
        size: end - start + 1,
        at: (i) => `${prefix}${String(start + i).padStart(width, '0')}`,
      };
    }
  }

  const letters = LETTER_RANGE.exec(item);
  if (letters) {
    const [, prefix = '', first = '', again = '', last = ''] = letters;
    const sameCase = first < 'a' === last < 'a';
    if (sameCase && (again === '' || again.trim() === prefix.trim())) {
      const start = first.charCodeAt(0);
      const end = last.charCodeAt(0);
      if (end < start) return { code: 'descending', item };
      return {
        kind: 'range',
        size: end - start + 1,
        at: (i) => `${prefix}${String.fromCharCode(start + i)}`,
      };
    }
  }
  return { kind: 'label', label: item };
}

/** Labels that occur more than once, each named once, in the order first seen. */
export function duplicateLabels(labels: readonly string[]): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const label of labels) {
    if (seen.has(label)) repeated.add(label);
    seen.add(label);
  }
  return [...repeated];
}

/**
 * The labels the text stands for, in the order written, or why it stands for none. Counts are checked before a
 * range is expanded, so '1-1000000000' costs nothing.
 */
export function parseTableInput(text: string, max: number = BULK_TABLES_MAX): TableInputResult {
  if (hasControlChars(text.replace(/[\r\n\t]/g, ' ')))
    return { ok: false, error: { code: 'control_characters' } };
  const items: Item[] = [];
  let total = 0;
  for (const raw of text.split(/[,\n]/u)) {
    if (normalizeTableNumber(raw) === '') continue;
    const item = readItem(raw);
    if (!('kind' in item)) return { ok: false, error: item };
    total += item.kind === 'range' ? item.size : 1;
    if (total > max) return { ok: false, error: { code: 'too_many', max } };
    items.push(item);
  }
  const labels = items.flatMap((item) =>
    item.kind === 'label' ? [item.label] : Array.from({ length: item.size }, (_, i) => item.at(i)),
  );
  if (labels.length === 0 || labels.some((label) => label === ''))
    return { ok: false, error: { code: 'empty' } };
  const tooLong = labels.find((label) => label.length > TABLE_NUMBER_MAX);
  if (tooLong !== undefined)
    return { ok: false, error: { code: 'too_long', label: tooLong, max: TABLE_NUMBER_MAX } };
  const repeated = duplicateLabels(labels);
  if (repeated.length > 0) return { ok: false, error: { code: 'duplicate', labels: repeated } };
  return { ok: true, labels };
}
