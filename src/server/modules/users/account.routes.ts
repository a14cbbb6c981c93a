import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE } from '../../../shared/constants';
import { ANY_USER } from '../../http/access';
import type { Services } from '../../services';
import { sessionCookieOptions } from '../auth/auth.routes';
import { noContent } from '../../http/validate';

export function registerAccountRoutes(
  app: FastifyInstance,
  { account }: Services,
  secure: boolean,
): void {
  app.delete(
    '/api/account',
    { config: { access: ANY_USER }, schema: { response: { 204: noContent } } },
    async (request, reply) => {
      await account.deleteOwnAccount(request.user!);
      void reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(secure));
      return reply.status(204).send();
    },
  );
}
