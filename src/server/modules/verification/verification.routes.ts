import type { FastifyInstance } from 'fastify';
import { resendVerification, verifyEmail } from '@shared/api/auth';
import { route } from '../../http/route';
import type { Services } from '../../services';

/**
 * Per client address, on top of the per-account limit counted in the database (issue 4: a flood gets 429, not a
 * mail storm). Kept in each instance's memory: the account limit is the one that must hold across instances.
 */
const RESEND_CLIENT_LIMIT = { max: 5, timeWindow: '15 minutes' };
/** Tokens are 256-bit random values; this only keeps a scanner from hammering the database. */
const VERIFY_CLIENT_LIMIT = { max: 30, timeWindow: '1 minute' };

export function registerVerificationRoutes(app: FastifyInstance, { verification }: Services): void {
  route(
    app,
    verifyEmail,
    async (request, reply) => {
      await verification.verify(request.body.token);
      void reply.header('cache-control', 'no-store');
      return { verified: true as const };
    },
    { config: { rateLimit: VERIFY_CLIENT_LIMIT }, bodyLimit: 1024 },
  );

  route(
    app,
    resendVerification,
    async (request, reply) => {
      // The same answer whether or not the address has an account (no enumeration).
      verification.resend(request.body.email);
      return reply.status(202).send({ sent: true });
    },
    { config: { rateLimit: RESEND_CLIENT_LIMIT }, bodyLimit: 1024 },
  );
}
