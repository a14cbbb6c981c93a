import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  superAdminStatsSchema,
  superAdminUsersQuerySchema,
  superAdminUsersResponseSchema,
} from '../../../shared/schemas';
import { roles } from '../../http/access';
import { noContent, userParams } from '../../http/validate';
import type { Services } from '../../services';

const SUPER_ADMIN = roles('super_admin');

export function registerSuperAdminRoutes(fastify: FastifyInstance, { superAdmin }: Services): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/super-admin/stats',
    { config: { access: SUPER_ADMIN }, schema: { response: { 200: superAdminStatsSchema } } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return superAdmin.stats(request.user!);
    },
  );

  app.get(
    '/api/super-admin/users',
    {
      config: { access: SUPER_ADMIN },
      schema: {
        querystring: superAdminUsersQuerySchema,
        response: { 200: superAdminUsersResponseSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return superAdmin.listUsers(request.user!, request.query);
    },
  );

  app.delete(
    '/api/super-admin/users/:userId',
    {
      config: { access: SUPER_ADMIN },
      schema: { params: userParams, response: { 204: noContent } },
    },
    async (request, reply) => {
      await superAdmin.deleteUser(request.user!, request.params.userId);
      return reply.status(204).send();
    },
  );
}
