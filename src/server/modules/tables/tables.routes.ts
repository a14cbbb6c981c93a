import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createTableBodySchema, idParamSchema } from '../../../shared/schemas';
import { roles, STAFF } from '../../http/access';
import { parse } from '../../http/validate';
import type { Services } from '../../services';

const restaurantParams = z.object({ restaurantId: idParamSchema });
const tableParams = z.object({ tableId: idParamSchema });
const emptyBody = z.strictObject({});

export function registerTablesRoutes(app: FastifyInstance, { tables }: Services): void {
  app.get(
    '/api/restaurants/:restaurantId/tables',
    { config: { access: STAFF } },
    async (request) => {
      const { restaurantId } = parse(restaurantParams, request.params);
      return { tables: await tables.list(request.user!, restaurantId) };
    },
  );

  app.post(
    '/api/restaurants/:restaurantId/tables',
    { config: { access: roles('admin') } },
    async (request, reply) => {
      const { restaurantId } = parse(restaurantParams, request.params);
      const body = parse(createTableBodySchema, request.body);
      return reply
        .status(201)
        .send({ table: await tables.create(request.user!, restaurantId, body.number) });
    },
  );

  app.post(
    '/api/tables/:tableId/assign',
    { config: { access: roles('server') } },
    async (request) => {
      const { tableId } = parse(tableParams, request.params);
      parse(emptyBody, request.body);
      return { table: await tables.assign(request.user!, tableId) };
    },
  );

  app.post(
    '/api/tables/:tableId/unassign',
    { config: { access: roles('server') } },
    async (request) => {
      const { tableId } = parse(tableParams, request.params);
      parse(emptyBody, request.body);
      return { table: await tables.unassign(request.user!, tableId) };
    },
  );

  app.delete(
    '/api/tables/:tableId',
    { config: { access: roles('admin') } },
    async (request, reply) => {
      const { tableId } = parse(tableParams, request.params);
      await tables.delete(request.user!, tableId);
      return reply.status(204).send();
    },
  );
}
