import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SESSION_COOKIE } from '../../../shared/constants';
import { accountLanguageBodySchema, userResponseSchema } from '../../../shared/schemas';
import { ANY_USER } from '../../http/access';
import type { Services } from '../../services';
import { sessionCookieOptions } from '../auth/auth.routes';
import { jsonBody, noContent } from '../../http/validate';

export function registerAccountRoutes(
  fastify: FastifyInstance,
  { account }: Services,
  secure: boolean,
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.delete(
    '/api/account',
    { config: { access: ANY_USER }, schema: { response: { 204: noContent } } },
    async (request, reply) => {
      await account.deleteOwnAccount(request.user!);
      void reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(secure));
      return reply.status(204).send();
    },
  );

  // Issue 15: the user's language for their screens, toasts, push notifications and mails.
  app.put(
    '/api/account/language',
    {
      config: { access: ANY_USER },
      schema: { body: jsonBody(accountLanguageBodySchema), response: { 200: userResponseSchema } },
    },
    async (request) => ({
      user: await account.setLanguage(request.user!, request.body.language),
    }),
  );
}
