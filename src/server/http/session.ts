/**
 * Who is asking: the session cookie is resolved to a user before any route's access rule is checked (http/access.ts),
 * with made-up cookies budgeted per address before they cost a database lookup (http/session-probes.ts). A request
 * with `Authorization: Bearer …` is an API token's instead (decision 075): the cookie is then not read at all, and
 * each token has a rate limit of its own.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BOARD_COOKIE, SESSION_COOKIE } from '@shared/constants';
import { SESSION_TOKEN_MAX, sessionIdOf } from '../modules/auth/auth.service';
import { bearerOf } from '../modules/integrations/api-tokens.service';
import type { Services } from '../services';
import { installAccessControl, type RegisteredRoute } from './access';
import { MSG } from '@shared/messages';
import { AppError } from './errors';
import { sessionProbeGuard } from './session-probes';

/** Requests per token and minute (API_TOKEN_RATE_LIMIT; decision 075). */
const API_TOKEN_LIMIT = { max: 600, timeWindow: 60_000 };

export function installSessionAccess(
  app: FastifyInstance,
  services: Services,
  tokenLimit: { max: number; timeWindow: number } = API_TOKEN_LIMIT,
): RegisteredRoute[] {
  const sessionProbes = sessionProbeGuard(app);
  const perToken = app.createRateLimit({
    ...tokenLimit,
    keyGenerator: (request: FastifyRequest) => `api-token:${request.user?.token?.id ?? ''}`,
  });
  return installAccessControl(
    app,
    async (request) => {
      const bearer = bearerOf(request.headers.authorization);
      if (bearer !== undefined) {
        // Made-up bearers are budgeted per address like made-up cookies (decision 026).
        const probe = sessionIdOf(`bearer:${bearer}`);
        await sessionProbes.admit(request, probe);
        const user = await services.apiTokens.resolve(bearer);
        await sessionProbes.record(request, probe, user !== null);
        request.user = user;
        return;
      }
      const token = request.cookies[SESSION_COOKIE];
      // A cookie the database can hold is looked up; made-up ones are budgeted per address first (decision 026).
      const probe = token && token.length <= SESSION_TOKEN_MAX ? sessionIdOf(token) : null;
      if (probe) await sessionProbes.admit(request, probe);
      const resolved = await services.auth.resolve(token);
      if (probe) await sessionProbes.record(request, probe, resolved !== null);
      request.user = resolved?.user ?? null;
      request.sessionId = resolved?.sessionId ?? null;
      request.sessionExpiresAt = resolved?.expiresAt ?? null;
    },
    async (request) => {
      const budget = await perToken(request);
      if (!budget.isAllowed && budget.isExceeded)
        throw new AppError(429, 'rate_limited', MSG.tooManyRequests, {
          retryAfterSeconds: Math.max(1, budget.ttlInSeconds),
        });
    },
    async (request) => {
      // A board's routes are rate limited per address before this lookup (modules/boards/boards.routes.ts).
      request.board = await services.boards.resolve(request.cookies[BOARD_COOKIE]);
    },
  );
}
