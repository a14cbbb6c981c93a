import type { FastifyInstance } from 'fastify';
import {
  createStaff,
  deactivateStaff,
  deleteStaff,
  getLoginIdAvailability,
  listStaff,
  reactivateStaff,
  resetStaffPin,
  sendStaffPasswordReset,
  updateStaff,
} from '@shared/api/staff';
import { route } from '../../http/route';
import type { Services } from '../../services';

/** Generous for a dialog that checks as the admin types, tight enough to make enumerating login IDs slow. */
const AVAILABILITY_LIMIT = { max: 120, timeWindow: '1 minute' };

export function registerStaffRoutes(app: FastifyInstance, { staff }: Services): void {
  route(app, listStaff, async (request) => {
    return { staff: await staff.list(request.user!, request.params.restaurantId) };
  });

  route(app, createStaff, async (request, reply) => {
    const { restaurantId } = request.params;
    return reply
      .status(201)
      .send({ staffMember: await staff.create(request.user!, restaurantId, request.body) });
  });

  route(app, deleteStaff, async (request, reply) => {
    await staff.delete(request.user!, request.params.userId);
    return reply.status(204).send();
  });

  // Issue 26 (decision 068): the member edited in place, their PIN reset, a reset mail sent, deactivated or back.
  route(app, updateStaff, async (request) => ({
    staffMember: await staff.update(request.user!, request.params.userId, request.body),
  }));

  route(app, resetStaffPin, async (request, reply) => {
    await staff.resetPin(request.user!, request.params.userId, request.body.pin);
    return reply.status(204).send();
  });

  route(app, sendStaffPasswordReset, async (request, reply) => {
    await staff.sendPasswordReset(request.user!, request.params.userId);
    return reply.status(202).send({ sent: true });
  });

  route(app, deactivateStaff, async (request) => ({
    staffMember: await staff.setActive(request.user!, request.params.userId, false),
  }));

  route(app, reactivateStaff, async (request) => ({
    staffMember: await staff.setActive(request.user!, request.params.userId, true),
  }));

  route(
    app,
    getLoginIdAvailability,
    async (request) => {
      return staff.loginIdAvailability(request.params.loginId);
    },
    { config: { rateLimit: AVAILABILITY_LIMIT } },
  );
}
