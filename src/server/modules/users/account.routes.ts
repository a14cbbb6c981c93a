import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE } from '../../../shared/constants';
import { ANY_USER } from '../../http/access';
import type { Services } from '../../services';
import { sessionCookieOptions } from '../auth/auth.routes';

export function registerAccountRoutes(
  app: FastifyInstance,
  { account }: Services,
  secure: boolean,
): void {
  app.delete('/api/account', { config: { access: ANY_USER } }, async (request, reply) => {
    await account.deleteOwnAccount(request.user!);
    void reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(secure));
    return reply.status(204).send();
  });
}
