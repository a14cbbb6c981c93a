import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE } from '../../../shared/constants';
import { accountLanguageBodySchema } from '../../../shared/schemas';
import { parse } from '../../http/validate';
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

  // Issue 15: the user's language for their screens, toasts, push notifications and mails.
  app.put('/api/account/language', { config: { access: ANY_USER } }, async (request) => {
    const { language } = parse(accountLanguageBodySchema, request.body);
    return { user: await account.setLanguage(request.user!, language) };
  });
}
