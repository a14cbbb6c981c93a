import { describe, expect, it } from 'vitest';
import { messages as english } from '@shared/i18n/compiled/app/en';
import { createI18n } from '@shared/i18n/i18n';
import { tableText } from './console-text';

const en = createI18n('en', english);

describe('tableText in English (SPEC §2 /server/requests)', () => {
  it("reads 'Table {number}' when the table is known", () => {
    expect(tableText(en, { tableNumber: '12' })).toBe('Table 12');
  });

  it("reads 'Unknown' (not 'Table Unknown') when the table is not found", () => {
    expect(tableText(en, { tableNumber: null })).toBe('Unknown');
  });
});
