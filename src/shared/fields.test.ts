import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  confirmedSecret,
  emailField,
  loginIdField,
  pinError,
  requiredNameField,
  tooLongError,
} from './fields';
import { MSG } from './messages';

const issues = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('the fields as zod schemas (what the forms validate)', () => {
  it('a required name: empty (after trimming) first, then over its limit, never cut', () => {
    const name = requiredNameField('Name is required', 5);
    expect(issues(name, '   ')).toEqual([['', 'Name is required']]);
    expect(issues(name, 'abcdef')).toEqual([['', 'Use at most 5 characters.']]);
    expect(issues(name, ' abcde ')).toEqual([]);
    expect(tooLongError('abcdef', 5)).toBe('Use at most 5 characters.');
  });

  it('login ID and email carry the SPEC §5/§8 texts', () => {
    expect(issues(loginIdField, 'ab')).toEqual([['', MSG.loginIdMin]]);
    expect(issues(loginIdField, 'a b c')).toEqual([['', MSG.loginIdCharacters]]);
    expect(issues(emailField, ' ')).toEqual([['', MSG.emailRequired]]);
    expect(issues(emailField, 'no-at-sign')).toEqual([['', MSG.invalidEmail]]);
    expect(issues(emailField, 'a@b.co')).toEqual([]);
  });

  it('a secret typed twice: the mismatch lands on the confirmation, the rule on the first field', () => {
    const schema = z
      .object({ pin: z.string(), confirmPin: z.string() })
      .superRefine(confirmedSecret('pin', 'confirmPin', pinError, MSG.pinsDoNotMatch));
    expect(issues(schema, { pin: '1234', confirmPin: '1357' })).toEqual([
      ['confirmPin', MSG.pinsDoNotMatch],
    ]);
    expect(issues(schema, { pin: '12', confirmPin: '12' })).toEqual([['pin', MSG.pinRule]]);
    expect(issues(schema, { pin: '1234', confirmPin: '1234' })).toEqual([]);
  });
});
