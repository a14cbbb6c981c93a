import { describe, expect, it } from 'vitest';
import { BULK_TABLES_MAX } from './constants';
import { duplicateLabels, parseTableInput } from './table-input';

const labels = (text: string) => {
  const result = parseTableInput(text);
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.error)}`);
  return result.labels;
};
const refusal = (text: string) => {
  const result = parseTableInput(text);
  if (result.ok) throw new Error(`accepted: ${JSON.stringify(result.labels)}`);
  return result.error;
};
const count = (from: number, to: number, label: (n: number) => string) =>
  Array.from({ length: to - from + 1 }, (_, i) => label(from + i));

describe('parseTableInput (decision 065)', () => {
  it('reads one label as itself', () => {
    expect(labels('12')).toEqual(['12']);
    expect(labels('  Patio  ')).toEqual(['Patio']);
  });

  it('expands number ranges, keeping a prefix', () => {
    expect(labels('1-20')).toEqual(count(1, 20, String));
    expect(labels('T1-T8')).toEqual(count(1, 8, (n) => `T${n}`));
    expect(labels('T1-8')).toEqual(count(1, 8, (n) => `T${n}`));
    expect(labels('Terrace 1-4')).toEqual(['Terrace 1', 'Terrace 2', 'Terrace 3', 'Terrace 4']);
    expect(labels('Terrace 1 – Terrace 3')).toEqual(['Terrace 1', 'Terrace 2', 'Terrace 3']);
    expect(labels('5-5')).toEqual(['5']);
  });

  it('keeps the width of a zero-padded first number', () => {
    expect(labels('08-11')).toEqual(['08', '09', '10', '11']);
  });

  it('expands single-letter ranges', () => {
    expect(labels('A-C')).toEqual(['A', 'B', 'C']);
    expect(labels('Booth a-c')).toEqual(['Booth a', 'Booth b', 'Booth c']);
  });

  it('takes what is not a range as a name', () => {
    expect(labels('Bar-b')).toEqual(['Bar-b']);
    expect(labels('A-c')).toEqual(['A-c']);
    expect(labels('A1-B4')).toEqual(['A1-B4']);
    expect(labels('"3-4"')).toEqual(['3-4']);
  });

  it('reads comma and line separated lists, ranges included, skipping blank pieces', () => {
    expect(labels('Bar, Patio, 21, 22')).toEqual(['Bar', 'Patio', '21', '22']);
    expect(labels('1-3,\n Bar ,, \n')).toEqual(['1', '2', '3', 'Bar']);
  });

  it('folds white space and composes unicode', () => {
    expect(labels('  Terrace\u00a0\u00a0 1-2 ')).toEqual(['Terrace 1', 'Terrace 2']);
    expect(labels('Cafe\u0301, 窓際 1-2')).toEqual(['Caf\u00e9', '窓際 1', '窓際 2']);
  });

  it('refuses blanks', () => {
    expect(refusal('')).toEqual({ code: 'empty' });
    expect(refusal(' , \n ,')).toEqual({ code: 'empty' });
    expect(refusal('""')).toEqual({ code: 'empty' });
  });

  it('refuses a descending range', () => {
    expect(refusal('10-1')).toEqual({ code: 'descending', item: '10-1' });
    expect(refusal('C-A')).toEqual({ code: 'descending', item: 'C-A' });
  });

  it(`refuses more than ${BULK_TABLES_MAX} tables without expanding them`, () => {
    expect(refusal('1-1000')).toEqual({ code: 'too_many', max: BULK_TABLES_MAX });
    expect(refusal('1-99999999999999999999')).toEqual({ code: 'too_many', max: BULK_TABLES_MAX });
    expect(refusal('1-60, T1-T41')).toEqual({ code: 'too_many', max: BULK_TABLES_MAX });
    expect(labels(`1-${BULK_TABLES_MAX}`)).toHaveLength(BULK_TABLES_MAX);
  });

  it('refuses duplicates within the input, naming each once', () => {
    expect(refusal('1-5, 3, Bar, 5, Bar')).toEqual({
      code: 'duplicate',
      labels: ['3', '5', 'Bar'],
    });
    expect(refusal('Bar,  Bar ')).toEqual({ code: 'duplicate', labels: ['Bar'] });
  });

  it('refuses a label longer than a table number may be', () => {
    expect(refusal('The long table by the window')).toMatchObject({ code: 'too_long' });
    expect(refusal('A very long prefix 9-10')).toMatchObject({ code: 'too_long' });
  });

  it('refuses control characters', () => {
    expect(refusal('Bar\u0000')).toEqual({ code: 'control_characters' });
  });

  it('duplicateLabels lists repeats in first-seen order', () => {
    expect(duplicateLabels(['b', 'a', 'b', 'a', 'c'])).toEqual(['b', 'a']);
    expect(duplicateLabels(['a', 'b'])).toEqual([]);
  });
});
