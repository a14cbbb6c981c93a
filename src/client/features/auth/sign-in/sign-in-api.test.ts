/** The sign-in page's zod-free calls (decision 103) are the endpoint table's, and its guard accepts what they answer. */
import { describe, expect, it } from 'vitest';
import { getSession, login, pinLogin } from '@shared/api/auth';
import { loginResponseSchema, sessionResponseSchema } from '@shared/schemas';
import { emailSignIn, pinSignIn, sessionCheck } from './sign-in-api';
import { isUser } from '../../../lib/guards';

const user = {
  id: 'u1',
  name: 'Alex',
  email: null,
  role: 'server',
  restaurantId: 'r1',
  restaurantIds: [],
  loginId: 'alex',
  authMethod: 'pin',
  language: null,
  createdAt: 1,
  updatedAt: 2,
};

describe('sign-in calls', () => {
  it('are the endpoint table’s method and path', () => {
    expect([emailSignIn.method, emailSignIn.path]).toEqual([login.method, login.path]);
    expect([pinSignIn.method, pinSignIn.path]).toEqual([pinLogin.method, pinLogin.path]);
    expect([sessionCheck.method, sessionCheck.path]).toEqual([getSession.method, getSession.path]);
  });

  it('accept what the schemas accept, and refuse an answer without a user or with an unknown role', () => {
    expect(loginResponseSchema.safeParse({ user }).success).toBe(true);
    expect(emailSignIn.responses[200].safeParse({ user })).toEqual({
      success: true,
      data: { user },
    });
    expect(sessionResponseSchema.safeParse({ user: null }).success).toBe(true);
    expect(sessionCheck.responses[200].safeParse({ user: null })).toEqual({
      success: true,
      data: { user: null },
    });
    expect(isUser(user)).toBe(true);
    for (const bad of [
      null,
      {},
      { ...user, role: 'owner' },
      { ...user, id: 7 },
      { ...user, language: 3 },
    ])
      expect(isUser(bad)).toBe(false);
    expect(pinSignIn.responses[200].safeParse({ user: { ...user, role: 'chef' } }).success).toBe(
      false,
    );
    expect(sessionCheck.responses[200].safeParse({}).success).toBe(false);
  });
});
