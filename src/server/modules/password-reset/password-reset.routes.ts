import type { FastifyInstance } from 'fastify';
import { forgotPassword, resetPassword } from '@shared/api/auth';
import { route } from '../../http/route';
import type { Services } from '../../services';

/**
 * Per client address, on top of the per-account limit counted in the database (decision 069): a flood gets 429, not
 * a mail storm. Kept in each instance's memory: the account limit is the one that must hold across instances.
 */
const FORGOT_CLIENT_LIMIT = { max: 5, timeWindow: '15 minutes' };
/** Tokens are 256-bit random values; this only keeps a scanner from hammering the database (and argon2). */
const RESET_CLIENT_LIMIT = { max: 10, timeWindow: '1 minute' };

export function registerPasswordResetRoutes(
  app: FastifyInstance,
  { passwordReset }: Services,
): void {
  route(
    app,
    forgotPassword,
    async (request, reply) => {
      // The same answer whether or not the address has an account (no enumeration).
      passwordReset.request(request.body.email);
      return reply.status(202).send({ sent: true });
    },
    { config: { rateLimit: FORGOT_CLIENT_LIMIT }, bodyLimit: 1024 },
  );

  route(
    app,
    resetPassword,
    async (request, reply) => {
      await passwordReset.reset(request.body.token, request.body.password);
      void reply.header('cache-control', 'no-store');
      return { reset: true as const };
    },
    { config: { rateLimit: RESET_CLIENT_LIMIT }, bodyLimit: 1024 },
  );
}
