import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvCells, toCsv, type TableData } from './csv';

const cols = (...labels: string[]) => labels.map((label) => ({ label }));

describe('toCsv', () => {
  it('writes a header and rows with CRLF line ends', () => {
    expect(
      toCsv({
        columns: cols('Hour', 'Requests'),
        rows: [
          ['00:00', '3'],
          ['01:00', '0'],
        ],
      }),
    ).toBe('Hour,Requests\r\n00:00,3\r\n01:00,0\r\n');
  });

  it('quotes commas, quotes and line breaks', () => {
    expect(toCsv({ columns: cols('Name'), rows: [['Ann, "the" best'], ['a\nb']] })).toBe(
      'Name\r\n"Ann, ""the"" best"\r\n"a\nb"\r\n',
    );
  });

  it('keeps a guest comment starting with a minus as text, but not a negative number (decision 083)', () => {
    expect(
      toCsv({ columns: cols('Comment'), rows: [["-cmd|' /C calc'!A0"], ['-1'], ['-2.5'], ['-']] }),
    ).toBe("Comment\r\n'-cmd|' /C calc'!A0\r\n-1\r\n-2.5\r\n-\r\n");
  });

  it('writes a number column beside its readable one', () => {
    expect(
      csvCells({
        columns: [{ label: 'Average rating', numberHeader: 'rating_average' }],
        rows: [[{ text: '4,5', value: 4.5 }], [{ text: '—', value: null }]],
      }),
    ).toEqual([
      ['Average rating', 'rating_average'],
      ['4,5', '4.5'],
      ['—', ''],
    ]);
  });

  it('keeps a formula-looking cell as text', () => {
    expect(toCsv({ columns: cols('Table'), rows: [['=1+1'], ['@cmd'], ['-']] })).toBe(
      "Table\r\n'=1+1\r\n'@cmd\r\n-\r\n",
    );
  });

  it("puts each duration's seconds, as a number, right after its readable text", () => {
    const table: TableData = {
      columns: [
        { label: 'Server' },
        { label: 'Take (median)', secondsHeader: 'take_median_seconds' },
      ],
      rows: [
        ['Ann, "the" best', { text: '1 Std., 5 Min.', ms: 3_900_000 }],
        ['Ben', { text: '—', ms: null }],
      ],
    };
    expect(csvCells(table)).toEqual([
      ['Server', 'Take (median)', 'take_median_seconds'],
      ['Ann, "the" best', '1 Std., 5 Min.', '3900'],
      ['Ben', '—', ''],
    ]);
    // A real CSV parser (RFC 4180) reads back exactly those cells.
    expect(parse(toCsv(table), { relax_column_count: false })).toEqual(csvCells(table));
  });
});
