import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE } from '../../../shared/constants';
import { deleteAccount, setAccountLanguage } from '../../../shared/api/auth';
import { route } from '../../http/route';
import type { Services } from '../../services';
import { sessionCookieOptions } from '../auth/auth.routes';

export function registerAccountRoutes(
  app: FastifyInstance,
  { account }: Services,
  secure: boolean,
): void {
  route(app, deleteAccount, async (request, reply) => {
    await account.deleteOwnAccount(request.user!);
    void reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(secure));
    return reply.status(204).send();
  });

  // Issue 15: the user's language for their screens, toasts, push notifications and mails.
  route(app, setAccountLanguage, async (request) => ({
    user: await account.setLanguage(request.user!, request.body.language),
  }));
}
