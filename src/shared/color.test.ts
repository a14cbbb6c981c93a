import { describe, expect, it } from 'vitest';
import { DEFAULT_PRIMARY_COLOR } from './constants';
import { readableTextOn, safeColor } from './color';

describe('readableTextOn', () => {
  it('puts white text on dark brand colours and dark text on light ones', () => {
    expect(readableTextOn('#1E40AF')).toBe('#ffffff');
    expect(readableTextOn('#000000')).toBe('#ffffff');
    expect(readableTextOn('#F59E0B')).toBe('#111827');
    expect(readableTextOn('#ffffff')).toBe('#111827');
  });
});

describe('safeColor', () => {
  it('keeps #RRGGBB and falls back to the default primary colour otherwise', () => {
    expect(safeColor('#abcdef')).toBe('#abcdef');
    expect(safeColor('red')).toBe(DEFAULT_PRIMARY_COLOR);
    expect(safeColor(null)).toBe(DEFAULT_PRIMARY_COLOR);
  });
});
