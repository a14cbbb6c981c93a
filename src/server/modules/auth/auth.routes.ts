import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '@shared/constants';
import { getSession, login, logout, pinLogin } from '@shared/api/auth';
import { addressKey } from '../../http/client-address';
import { route } from '../../http/route';
import type { Services } from '../../services';
import type { IssuedSession } from './auth.service';

export function sessionCookieOptions(secure: boolean, expiresAt?: number) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure,
    ...(expiresAt ? { expires: new Date(expiresAt) } : {}),
  };
}

/**
 * The client address used for throttling (Fastify's request.ip honours trustProxy when configured), keyed as every
 * per-address limit is: IPv4 address, IPv6 /64 (decision 026).
 */
export const clientKeyOf = (request: FastifyRequest) => 'ip:' + addressKey(request.ip);

/**
 * Per address and route, in memory, refused in onRequest before any database work (issue 14: a flood of refused
 * sign-ins must not stall everyone else; decision 026). The database-backed throttle (login-throttle.ts) stays
 * behind it, per login ID and per address across instances. Room for a whole shift signing in from one Wi-Fi.
 */
export const SIGN_IN_ADDRESS_LIMIT = { max: 30, timeWindow: '1 minute' };

export function registerAuthRoutes(
  app: FastifyInstance,
  services: Services,
  secure: boolean,
  signInLimit: { max: number; timeWindow: string } = SIGN_IN_ADDRESS_LIMIT,
): void {
  const { auth } = services;

  /** A session ends in the database and, at once, on every live socket it opened (on every instance). */
  const endSession = async (sessionId: string | null) => {
    if (!sessionId) return;
    await auth.logout(sessionId);
    services.live.closeSession(sessionId);
  };

  const signIn = async (request: FastifyRequest, reply: FastifyReply, issued: IssuedSession) => {
    // A fresh session id at every sign-in (no fixation); the previous one on this browser ends, its sockets too.
    await endSession(request.sessionId);
    void reply.setCookie(
      SESSION_COOKIE,
      issued.token,
      sessionCookieOptions(secure, issued.expiresAt),
    );
    return { user: issued.user };
  };

  route(app, getSession, async (request) => {
    return { user: await auth.currentUser(request.user) };
  });

  // The address limit runs in onRequest, before the body is read or checked (decision 026).
  const signInLimits = { config: { rateLimit: signInLimit } };

  route(
    app,
    login,
    async (request, reply) => {
      const { email, password } = request.body;
      const issued = await auth.loginWithPassword(email, password, clientKeyOf(request));
      return signIn(request, reply, issued);
    },
    signInLimits,
  );

  route(
    app,
    pinLogin,
    async (request, reply) => {
      const { loginId, pin } = request.body;
      const issued = await auth.loginWithPin(loginId, pin, clientKeyOf(request));
      return signIn(request, reply, issued);
    },
    signInLimits,
  );

  route(app, logout, async (request, reply) => {
    await endSession(request.sessionId);
    void reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(secure));
    return reply.status(204).send();
  });
}
