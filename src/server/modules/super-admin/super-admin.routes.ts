import type { FastifyInstance } from 'fastify';
import {
  deleteSuperAdminUser,
  getSuperAdminStats,
  listSuperAdminUsers,
} from '@shared/api/super-admin';
import { route } from '../../http/route';
import type { Services } from '../../services';

export function registerSuperAdminRoutes(app: FastifyInstance, { superAdmin }: Services): void {
  route(app, getSuperAdminStats, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    return superAdmin.stats(request.user!);
  });

  route(app, listSuperAdminUsers, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    return superAdmin.listUsers(request.user!, request.query);
  });

  route(app, deleteSuperAdminUser, async (request, reply) => {
    await superAdmin.deleteUser(request.user!, request.params.userId);
    return reply.status(204).send();
  });
}
