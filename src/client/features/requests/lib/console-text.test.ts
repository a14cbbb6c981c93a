import { describe, expect, it } from 'vitest';
import { messages as german } from '@shared/i18n/compiled/app/de';
import { createI18n } from '@shared/i18n/i18n';
import { aroundSlot, elapsedText, relativeText, tableText } from './console-text';

const de = createI18n('de', german);

describe('console texts', () => {
  it('write another language through its catalogue and Intl', () => {
    expect(tableText(de, { tableNumber: '4' })).toBe('Tisch 4');
    expect(elapsedText(de, 3_900_000)).toBe('1 Std. 5 Min.');
    expect(relativeText(de, 0, 120_000)).toBe('vor 2 Minuten');
  });

  it('splits a text around its slot', () => {
    expect(aroundSlot((time) => `Completed ${time}`)).toEqual(['Completed ', '']);
    expect(aroundSlot((time) => `${time}に完了`)).toEqual(['', 'に完了']);
  });
});
