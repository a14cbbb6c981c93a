/**
 * Who is asking: the session cookie is resolved to a user before any route's access rule is checked (http/access.ts),
 * with made-up cookies budgeted per address before they cost a database lookup (http/session-probes.ts).
 */
import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE } from '../../shared/constants';
import { SESSION_TOKEN_MAX, sessionIdOf } from '../modules/auth/auth.service';
import type { Services } from '../services';
import { installAccessControl, type RegisteredRoute } from './access';
import { sessionProbeGuard } from './session-probes';

export function installSessionAccess(app: FastifyInstance, services: Services): RegisteredRoute[] {
  const sessionProbes = sessionProbeGuard(app);
  return installAccessControl(app, async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    // A cookie the database can hold is looked up; made-up ones are budgeted per address first (decision 026).
    const probe = token && token.length <= SESSION_TOKEN_MAX ? sessionIdOf(token) : null;
    if (probe) await sessionProbes.admit(request, probe);
    const resolved = await services.auth.resolve(token);
    if (probe) await sessionProbes.record(request, probe, resolved !== null);
    request.user = resolved?.user ?? null;
    request.sessionId = resolved?.sessionId ?? null;
    request.sessionExpiresAt = resolved?.expiresAt ?? null;
  });
}
