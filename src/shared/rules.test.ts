import { describe, expect, it } from 'vitest';
import { isEmailShaped, loginIdError, passwordError, pinError } from './fields';
import { cooldownRemainingSeconds, guestAgo, requestTypeTitle } from './rules';
import { MSG } from './messages';

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

describe('login IDs and email addresses: one rule for forms, routes and the CLI (issue 17)', () => {
  it('wants 3 characters first, then only letters, digits, dots, dashes and underscores', () => {
    expect(loginIdError('ab')).toBe(MSG.loginIdMin);
    expect(loginIdError('a b')).toBe(MSG.loginIdCharacters);
    expect(loginIdError('ana@bar')).toBe(MSG.loginIdCharacters);
    expect(loginIdError('  Ana.Maria_2-b ')).toBeNull();
  });
  it('accepts something@something.something without spaces', () => {
    expect(isEmailShaped(' ana@demo.test ')).toBe(true);
    expect(isEmailShaped('ana@demo')).toBe(false);
    expect(isEmailShaped('ana demo@x.test')).toBe(false);
    expect(isEmailShaped('@demo.test')).toBe(false);
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

describe('how long ago, as a guest is told (issue 12)', () => {
  it('says how long ago the request went in, coarsely', () => {
    expect(guestAgo(0)).toBe('just now');
    expect(guestAgo(9_999)).toBe('just now');
    expect(guestAgo(45_000)).toBe('45 s ago');
    expect(guestAgo(3 * 60_000 + 5_000)).toBe('3 min ago');
    expect(guestAgo(2 * 3_600_000)).toBe('2 h ago');
    expect(guestAgo(-5_000)).toBe('just now');
  });
});
