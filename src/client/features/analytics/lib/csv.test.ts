import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('toCsv', () => {
  it('writes a header and rows with CRLF line ends', () => {
    expect(
      toCsv({
        columns: ['Hour', 'Requests'],
        rows: [
          ['00:00', '3'],
          ['01:00', '0'],
        ],
      }),
    ).toBe('Hour,Requests\r\n00:00,3\r\n01:00,0\r\n');
  });

  it('quotes commas, quotes and line breaks', () => {
    expect(toCsv({ columns: ['Name'], rows: [['Ann, "the" best'], ['a\nb']] })).toBe(
      'Name\r\n"Ann, ""the"" best"\r\n"a\nb"\r\n',
    );
  });

  it('keeps a formula-looking cell as text', () => {
    expect(toCsv({ columns: ['Table'], rows: [['=1+1'], ['@cmd'], ['-']] })).toBe(
      "Table\r\n'=1+1\r\n'@cmd\r\n-\r\n",
    );
  });
});
