import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE } from '@shared/constants';
import { changeOwnPin, deleteAccount, setAccountLanguage } from '@shared/api/auth';
import { route } from '../../http/route';
import type { Services } from '../../services';
import { clientKeyOf, sessionCookieOptions } from '../auth/auth.routes';

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

  // Issue 26 (decision 068): a PIN server changes their own PIN, the current one first; their other sessions end.
  route(app, changeOwnPin, async (request, reply) => {
    const { currentPin, pin } = request.body;
    await account.changeOwnPin(
      request.user!,
      request.sessionId,
      currentPin,
      pin,
      clientKeyOf(request),
    );
    return reply.status(204).send();
  });
}
