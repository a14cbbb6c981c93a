import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  resendVerificationBodySchema,
  resendVerificationResponseSchema,
  verifyEmailBodySchema,
  verifyEmailResponseSchema,
} from '../../../shared/schemas';
import { PUBLIC } from '../../http/access';
import { jsonBody } from '../../http/validate';
import type { Services } from '../../services';

/**
 * Per client address, on top of the per-account limit counted in the database (issue 4: a flood gets 429, not a
 * mail storm). Kept in each instance's memory: the account limit is the one that must hold across instances.
 */
const RESEND_CLIENT_LIMIT = { max: 5, timeWindow: '15 minutes' };
/** Tokens are 256-bit random values; this only keeps a scanner from hammering the database. */
const VERIFY_CLIENT_LIMIT = { max: 30, timeWindow: '1 minute' };

export function registerVerificationRoutes(
  fastify: FastifyInstance,
  { verification }: Services,
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/auth/verify-email',
    {
      config: { access: PUBLIC, rateLimit: VERIFY_CLIENT_LIMIT },
      bodyLimit: 1024,
      schema: {
        body: jsonBody(verifyEmailBodySchema),
        response: { 200: verifyEmailResponseSchema },
      },
    },
    async (request, reply) => {
      await verification.verify(request.body.token);
      void reply.header('cache-control', 'no-store');
      return { verified: true as const };
    },
  );

  app.post(
    '/api/auth/resend-verification',
    {
      config: { access: PUBLIC, rateLimit: RESEND_CLIENT_LIMIT },
      bodyLimit: 1024,
      schema: {
        body: jsonBody(resendVerificationBodySchema),
        response: { 202: resendVerificationResponseSchema },
      },
    },
    async (request, reply) => {
      // The same answer whether or not the address has an account (no enumeration).
      verification.resend(request.body.email);
      return reply.status(202).send({ sent: true });
    },
  );
}
