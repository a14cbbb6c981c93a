import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { superAdminUsersQuerySchema, idParamSchema } from '../../../shared/schemas';
import { roles } from '../../http/access';
import { parse } from '../../http/validate';
import type { Services } from '../../services';

const SUPER_ADMIN = roles('super_admin');
const userParams = z.object({ userId: idParamSchema });

export function registerSuperAdminRoutes(app: FastifyInstance, { superAdmin }: Services): void {
  app.get('/api/super-admin/stats', { config: { access: SUPER_ADMIN } }, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    return superAdmin.stats(request.user!);
  });

  app.get('/api/super-admin/users', { config: { access: SUPER_ADMIN } }, async (request, reply) => {
    const query = parse(superAdminUsersQuerySchema, request.query);
    void reply.header('cache-control', 'no-store');
    return superAdmin.listUsers(request.user!, query);
  });

  app.delete(
    '/api/super-admin/users/:userId',
    { config: { access: SUPER_ADMIN } },
    async (request, reply) => {
      const { userId } = parse(userParams, request.params);
      await superAdmin.deleteUser(request.user!, userId);
      return reply.status(204).send();
    },
  );
}
