import { describe, expect, it } from 'vitest';
import {
  compareTableLabels,
  isNumberedTable,
  normalizeTableNumber,
  sortTables,
  tableLabel,
} from './table-label';

const english = (number: string) => `Table ${number}`;

describe('tableLabel (decision 064)', () => {
  it.each([
    ['7', 'Table 7'],
    ['12', 'Table 12'],
    ['07', 'Table 07'],
    ['12a', 'Table 12a'],
    ['12B', 'Table 12B'],
    [' 4 ', 'Table 4'],
    ['１２', 'Table １２'],
    ['١٢', 'Table ١٢'],
  ])('a number %j keeps SPEC’s "Table {number}"', (label, shown) => {
    expect(tableLabel(label, english)).toBe(shown);
  });

  it.each([
    ['Terrace 12', 'Terrace 12'],
    ['Bar 3', 'Bar 3'],
    ['Patio', 'Patio'],
    ['T4', 'T4'],
    ['12ab', '12ab'],
    ['3-4', '3-4'],
    ['1.5', '1.5'],
    ['Café', 'Café'],
    ['窓際 2', '窓際 2'],
  ])('a name %j is shown as written', (label, shown) => {
    expect(tableLabel(label, english)).toBe(shown);
  });

  it('uses the reader’s language for numbers only', () => {
    const german = (n: string) => `Tisch ${n}`;
    expect(tableLabel('7', german)).toBe('Tisch 7');
    expect(tableLabel('Terrasse 2', german)).toBe('Terrasse 2');
  });

  it('isNumberedTable refuses the empty label', () => {
    expect(isNumberedTable('')).toBe(false);
    expect(isNumberedTable('   ')).toBe(false);
  });
});

describe('normalizeTableNumber', () => {
  it('trims, folds white space runs and composes accents', () => {
    expect(normalizeTableNumber('  Terrace \t  1 ')).toBe('Terrace 1');
    expect(normalizeTableNumber('Cafe\u0301')).toBe('Caf\u00e9');
    expect(normalizeTableNumber('\u00a0Bar\u3000 3')).toBe('Bar 3');
  });
});

describe('natural order', () => {
  it('puts 2 before 10 and T2 before T10', () => {
    expect(compareTableLabels('2', '10')).toBeLessThan(0);
    expect(compareTableLabels('T2', 'T10')).toBeLessThan(0);
    expect(compareTableLabels('Terrace 9', 'Terrace 10')).toBeLessThan(0);
  });

  it('sorts a mixed floor the way people read it, with a total order', () => {
    const floor = ['10', 'Terrace 10', 'T10', '2', 'bar', 'Bar', 'T2', '1', 'Terrace 2', 'Patio'];
    expect(sortTables(floor.map((number) => ({ number }))).map((t) => t.number)).toEqual([
      '1',
      '2',
      '10',
      'Bar',
      'bar',
      'Patio',
      'T2',
      'T10',
      'Terrace 2',
      'Terrace 10',
    ]);
  });

  it('leaves its input alone', () => {
    const input = [{ number: '10' }, { number: '2' }];
    sortTables(input);
    expect(input.map((t) => t.number)).toEqual(['10', '2']);
  });
});

describe('the catalogues’ "Table {number}" through the one rule', () => {
  it('reads the same on staff screens and the guest page, in each language', async () => {
    const { createI18n } = await import('./i18n/i18n');
    const { appTableLabel } = await import('./i18n/app');
    const { guestTableLabel } = await import('./i18n/guest');
    const appEn = createI18n('en', (await import('./i18n/compiled/app/en')).messages);
    const appDe = createI18n('de', (await import('./i18n/compiled/app/de')).messages);
    const guestJa = createI18n('ja', (await import('./i18n/compiled/guest/ja')).messages);
    expect(appTableLabel(appEn, '7')).toBe('Table 7');
    expect(appTableLabel(appEn, 'Terrace 3')).toBe('Terrace 3');
    expect(appTableLabel(appDe, '7')).toBe('Tisch 7');
    expect(guestTableLabel(guestJa, '7')).toBe('テーブル 7');
    expect(guestTableLabel(guestJa, 'Terrace 3')).toBe('Terrace 3');
  });
});
