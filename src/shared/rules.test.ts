import { describe, expect, it } from 'vitest';
import {
  cooldownRemainingSeconds,
  loginIdCandidates,
  passwordError,
  pinError,
  requestTypeTitle,
  slugify,
  slugWithSuffix,
  suggestLoginId,
} from './rules';
import { MSG } from './messages';

describe('slugify (SPEC §5)', () => {
  it('lowercases, drops other characters, turns spaces into hyphens', () => {
    expect(slugify("Joe's Diner & Bar")).toBe('joes-diner-bar');
  });
  it('collapses repeated and edge hyphens', () => {
    expect(slugify('  --Café   Olé-- ')).toBe('caf-ol');
    expect(slugify('a - b')).toBe('a-b');
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
  it('offers 10 candidates that keep the 15-character cap', () => {
    const c = loginIdCandidates('annamarieoneilsmith');
    expect(c).toHaveLength(10);
    expect(new Set(c).size).toBe(10);
    for (const id of c) expect(id.length).toBeLessThanOrEqual(15);
    expect(loginIdCandidates('bob')[0]).toBe('bob2');
  });
});

describe('PIN and password rules (SPEC §5)', () => {
  it('accepts 4-6 digits only', () => {
    expect(pinError('1234')).toBeNull();
    expect(pinError('123456')).toBeNull();
    expect(pinError('123')).toBe(MSG.pinRule);
    expect(pinError('1234567')).toBe(MSG.pinRule);
    expect(pinError('12a4')).toBe(MSG.pinRule);
  });
  it('checks the confirmation first', () => {
    expect(pinError('1234', '1235')).toBe(MSG.pinsDoNotMatch);
  });
  it('needs 8 characters with a letter, a digit and a special character', () => {
    expect(passwordError('abcdef1!')).toBeNull();
    expect(passwordError('abcdefg1')).toBe(MSG.passwordRule);
    expect(passwordError('abcdefg!')).toBe(MSG.passwordRule);
    expect(passwordError('1234567!')).toBe(MSG.passwordRule);
    expect(passwordError('ab1!')).toBe(MSG.passwordRule);
    expect(passwordError('abcdef1!', 'abcdef1?')).toBe(MSG.passwordsDoNotMatch);
  });
});

describe('request type titles (SPEC §8)', () => {
  it('maps each type and falls back', () => {
    expect(requestTypeTitle('server')).toBe('Server Assistance Needed');
    expect(requestTypeTitle('order')).toBe('Ready to Order');
    expect(requestTypeTitle('refill')).toBe('Drink Refill Requested');
    expect(requestTypeTitle('bill')).toBe('Bill Payment Requested');
    expect(requestTypeTitle('dessert')).toBe('New Request');
  });
});

describe('cool-down arithmetic (SPEC §9)', () => {
  const t0 = 1_700_000_000_000;
  it('is 0 with no previous request', () => {
    expect(cooldownRemainingSeconds(null, t0)).toBe(0);
  });
  it('counts whole seconds up from the last createdAt', () => {
    expect(cooldownRemainingSeconds(t0, t0)).toBe(60);
    expect(cooldownRemainingSeconds(t0, t0 + 500)).toBe(60);
    expect(cooldownRemainingSeconds(t0, t0 + 59_001)).toBe(1);
    expect(cooldownRemainingSeconds(t0, t0 + 60_000)).toBe(0);
    expect(cooldownRemainingSeconds(t0, t0 + 3_600_000)).toBe(0);
  });
});
