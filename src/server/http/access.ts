/**
 * Access control that cannot be forgotten: every /api route declares its rule as data at registration, and a route
 * without one makes buildApp throw. The rule is enforced here, before any handler runs; tenant checks (which
 * restaurant) are made in the services.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TokenScope } from '@shared/integrations';
import { MSG } from '@shared/messages';
import { PUBLIC, type AccessRule } from '@shared/api/access';
import type { OperationId } from '@shared/api/routes';
import { forbidden, unauthorized } from './errors';
import type { SessionUser } from '../modules/auth/auth.service';
import type { BoardPrincipal } from '../modules/boards/boards.service';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessRule;
    /** The route's entry in the endpoint table (http/route.ts). */
    operationId?: OperationId;
    /** The scope an API token needs here (decision 075); none: tokens are refused. */
    tokenScope?: TokenScope;
  }
  interface FastifyInstance {
    /** The rule of every route registered in this context that names none (declareContextAccess). */
    contextAccess?: AccessRule;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    sessionId: string | null;
    /** When the session expires (ms); a live socket ends then (live/hub.ts). */
    sessionExpiresAt: number | null;
    /** A paired floor board (decision 080): set on the board's routes only, from its own cookie. */
    board: BoardPrincipal | null;
  }
}

/** The routes registered so far, with their rule and what they declare: tests walk this list. */
export interface RegisteredRoute {
  method: string;
  url: string;
  access: AccessRule;
  /** The inputs the route declares a schema for (fastify-type-provider-zod; decision 041). */
  declares: ('params' | 'querystring' | 'body')[];
  /** A WebSocket upgrade: OpenAPI cannot describe one, so it is not in the API description (decision 041). */
  websocket: boolean;
}

/**
 * The API's own documentation (its description and the reference page that @fastify/swagger-ui registers, whose
 * routes cannot name a rule each) lives in a context of its own: every route in it is public and, being about the
 * API rather than part of it, is not listed with the API's routes.
 */
export function declareDocumentationContext(context: FastifyInstance): void {
  context.decorate('contextAccess', { getter: () => PUBLIC });
}

export function installAccessControl(
  app: FastifyInstance,
  loadSession: (request: FastifyRequest) => Promise<void>,
  /** Runs for every request an API token is admitted to (its per-token rate limit). */
  admitToken: (request: FastifyRequest) => Promise<void> = () => Promise.resolve(),
  /** A floor board's own cookie, on the board's routes only (decision 080). */
  loadBoard: (request: FastifyRequest) => Promise<void> = () => Promise.resolve(),
): RegisteredRoute[] {
  const registered: RegisteredRoute[] = [];
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('sessionExpiresAt', null);
  app.decorateRequest('board', null);
  app.addHook('onRoute', function (route) {
    if (!route.url.startsWith('/api')) return;
    if (route.config?.access === undefined && this.contextAccess !== undefined) {
      route.config = { ...route.config, access: this.contextAccess };
      return;
    }
    const access = route.config?.access;
    if (!access)
      throw new Error(`Route ${String(route.method)} ${route.url} declares no access rule`);
    const declares = (['params', 'querystring', 'body'] as const).filter(
      (part) => route.schema?.[part] !== undefined,
    );
    const websocket = route.websocket === true;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD')
        registered.push({ method, url: route.url, access, declares, websocket });
    }
  });
  // preParsing: who may call comes before what they sent, and before it is read (issue 25): a caller who is not
  // signed in gets 401 without their body being parsed (64 KB of anonymous JSON costs no parse), and a guest gets
  // 401, not a 400 about the query.
  app.addHook('preParsing', async (request, _reply, payload) => {
    const { access, tokenScope } = request.routeOptions.config;
    if (!access) return payload;
    // A board's routes read the board's credential only: a user's session opens none of them, and the board's
    // cookie opens no other route (it is no session).
    if ('board' in access) {
      await loadBoard(request);
      if (!request.board) throw unauthorized(MSG.boardNotPaired);
      return payload;
    }
    await loadSession(request);
    const token = request.user?.token;
    // An API token reaches only the endpoints that name a scope, and only with that scope (decision 075): a public
    // route, a live socket or an account route is refused too, whatever the token's owner could do.
    if (token) {
      if (!tokenScope || !token.scopes.includes(tokenScope))
        throw forbidden(MSG.tokenScopeRefused, 'token_scope');
      await admitToken(request);
    }
    if ('public' in access) return payload;
    if (!request.user) throw unauthorized();
    if (!access.roles.includes(request.user.role)) throw forbidden();
    return payload;
  });
  return registered;
}
