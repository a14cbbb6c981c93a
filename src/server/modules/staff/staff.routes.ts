import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MSG } from '../../../shared/messages';
import { createStaffBodySchema, idParamSchema, plainText } from '../../../shared/schemas';
import { roles } from '../../http/access';
import { parse } from '../../http/validate';
import type { Services } from '../../services';

const ADMIN = roles('admin');
const restaurantParams = z.object({ restaurantId: idParamSchema });
const staffParams = z.object({ userId: idParamSchema });
const loginIdParams = z.object({ loginId: plainText(MSG.badRequest).min(1).max(64) });

/** Generous for a dialog that checks as the admin types, tight enough to make enumerating login IDs slow. */
const AVAILABILITY_LIMIT = { max: 120, timeWindow: '1 minute' };

export function registerStaffRoutes(app: FastifyInstance, { staff }: Services): void {
  app.get(
    '/api/restaurants/:restaurantId/staff',
    { config: { access: ADMIN } },
    async (request) => {
      const { restaurantId } = parse(restaurantParams, request.params);
      return { staff: await staff.list(request.user!, restaurantId) };
    },
  );

  app.post(
    '/api/restaurants/:restaurantId/staff',
    { config: { access: ADMIN } },
    async (request, reply) => {
      const { restaurantId } = parse(restaurantParams, request.params);
      const body = parse(createStaffBodySchema, request.body);
      return reply
        .status(201)
        .send({ staffMember: await staff.create(request.user!, restaurantId, body) });
    },
  );

  app.delete('/api/staff/:userId', { config: { access: ADMIN } }, async (request, reply) => {
    const { userId } = parse(staffParams, request.params);
    await staff.delete(request.user!, userId);
    return reply.status(204).send();
  });

  app.get(
    '/api/login-ids/:loginId/availability',
    { config: { access: ADMIN, rateLimit: AVAILABILITY_LIMIT } },
    async (request) => {
      const { loginId } = parse(loginIdParams, request.params);
      return staff.loginIdAvailability(loginId);
    },
  );
}
