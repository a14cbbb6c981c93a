import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '../../../shared/messages';
import {
  createStaffBodySchema,
  loginIdCheckResponseSchema,
  plainText,
  staffMemberResponseSchema,
  staffResponseSchema,
} from '../../../shared/schemas';
import { roles } from '../../http/access';
import { jsonBody, noContent, restaurantParams, userParams } from '../../http/validate';
import type { Services } from '../../services';

const ADMIN = roles('admin');
const loginIdParams = z.object({ loginId: plainText(MSG.badRequest).min(1).max(64) });

/** Generous for a dialog that checks as the admin types, tight enough to make enumerating login IDs slow. */
const AVAILABILITY_LIMIT = { max: 120, timeWindow: '1 minute' };

export function registerStaffRoutes(fastify: FastifyInstance, { staff }: Services): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/restaurants/:restaurantId/staff',
    {
      config: { access: ADMIN },
      schema: { params: restaurantParams, response: { 200: staffResponseSchema } },
    },
    async (request) => {
      return { staff: await staff.list(request.user!, request.params.restaurantId) };
    },
  );

  app.post(
    '/api/restaurants/:restaurantId/staff',
    {
      config: { access: ADMIN },
      schema: {
        params: restaurantParams,
        body: jsonBody(createStaffBodySchema),
        response: { 201: staffMemberResponseSchema },
      },
    },
    async (request, reply) => {
      const { restaurantId } = request.params;
      return reply
        .status(201)
        .send({ staffMember: await staff.create(request.user!, restaurantId, request.body) });
    },
  );

  app.delete(
    '/api/staff/:userId',
    { config: { access: ADMIN }, schema: { params: userParams, response: { 204: noContent } } },
    async (request, reply) => {
      await staff.delete(request.user!, request.params.userId);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/login-ids/:loginId/availability',
    {
      config: { access: ADMIN, rateLimit: AVAILABILITY_LIMIT },
      schema: { params: loginIdParams, response: { 200: loginIdCheckResponseSchema } },
    },
    async (request) => {
      return staff.loginIdAvailability(request.params.loginId);
    },
  );
}
