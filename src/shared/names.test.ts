import { describe, expect, it } from 'vitest';
import { loginIdCandidates, slugify, slugWithSuffix, suggestLoginId } from './names';

describe('slugify (SPEC §5)', () => {
  it('lowercases, drops other characters, turns spaces into hyphens', () => {
    expect(slugify("Joe's Diner & Bar")).toBe('joes-diner-bar');
  });
  it('collapses repeated and edge hyphens', () => {
    expect(slugify('  --Café   Olé-- ')).toBe('cafe-ole');
    expect(slugify('a - b')).toBe('a-b');
  });
  it('transliterates letters instead of dropping them (decision 035)', () => {
    expect(slugify("Chez Léa's Café")).toBe('chez-leas-cafe');
    expect(slugify('Chez Léa’s Café')).toBe('chez-leas-cafe');
    expect(slugify('Große Straße')).toBe('grosse-strasse');
    expect(slugify('Bar Łódź')).toBe('bar-lodz');
    expect(slugify('Çay Bahçesi')).toBe('cay-bahcesi');
  });
  it('can be empty when nothing survives', () => {
    expect(slugify('!!!')).toBe('');
  });
  it('appends -2, -3 … on collision', () => {
    expect(slugWithSuffix('bistro', 1)).toBe('bistro');
    expect(slugWithSuffix('bistro', 2)).toBe('bistro-2');
    expect(slugWithSuffix('bistro', 3)).toBe('bistro-3');
  });
});

describe('login ID suggestion (SPEC §5, §9)', () => {
  it('is lowercase alphanumeric, at most 15 characters', () => {
    expect(suggestLoginId('Anna-Marie O’Neil Smithson')).toBe('annamarieoneils');
    expect(suggestLoginId('Bob 2')).toBe('bob2');
  });
  it('transliterates accented names (decision 035)', () => {
    expect(suggestLoginId('María José')).toBe('mariajose');
    expect(suggestLoginId('Łukasz Błaszczykowski')).toBe('lukaszblaszczyk');
  });
  it('offers 10 candidates that keep the 15-character cap', () => {
    const c = loginIdCandidates('annamarieoneilsmith');
    expect(c).toHaveLength(10);
    expect(new Set(c).size).toBe(10);
    for (const id of c) expect(id.length).toBeLessThanOrEqual(15);
    expect(loginIdCandidates('bob')[0]).toBe('bob2');
  });
});
