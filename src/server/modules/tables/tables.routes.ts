import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createTableBodySchema,
  createTablesBodySchema,
  deleteTablesBodySchema,
  renameTableBodySchema,
  tableResponseSchema,
  tablesResponseSchema,
} from '../../../shared/schemas';
import { roles, STAFF } from '../../http/access';
import { emptyBody, jsonBody, noContent, restaurantParams, tableParams } from '../../http/validate';
import type { Services } from '../../services';

export function registerTablesRoutes(fastify: FastifyInstance, { tables }: Services): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/restaurants/:restaurantId/tables',
    {
      config: { access: STAFF },
      schema: { params: restaurantParams, response: { 200: tablesResponseSchema } },
    },
    async (request) => {
      return { tables: await tables.list(request.user!, request.params.restaurantId) };
    },
  );

  app.post(
    '/api/restaurants/:restaurantId/tables',
    {
      config: { access: roles('admin') },
      schema: {
        params: restaurantParams,
        body: jsonBody(createTableBodySchema),
        response: { 201: tableResponseSchema },
      },
    },
    async (request, reply) => {
      const { restaurantId } = request.params;
      return reply
        .status(201)
        .send({ table: await tables.create(request.user!, restaurantId, request.body.number) });
    },
  );

  // Bulk add (decision 065): the labels the preview showed, all created in one transaction or none.
  app.post(
    '/api/restaurants/:restaurantId/tables/bulk',
    {
      config: { access: roles('admin') },
      schema: {
        params: restaurantParams,
        body: jsonBody(createTablesBodySchema),
        response: { 201: tablesResponseSchema },
      },
    },
    async (request, reply) => {
      const { restaurantId } = request.params;
      const created = await tables.createMany(request.user!, restaurantId, request.body.numbers);
      return reply.status(201).send({ tables: created });
    },
  );

  // Delete several at once (decision 065): every id one of this restaurant's tables, all deleted or none.
  app.post(
    '/api/restaurants/:restaurantId/tables/delete',
    {
      config: { access: roles('admin') },
      schema: {
        params: restaurantParams,
        body: jsonBody(deleteTablesBodySchema),
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      const { restaurantId } = request.params;
      await tables.deleteMany(request.user!, restaurantId, request.body.tableIds);
      return reply.status(204).send();
    },
  );

  app.patch(
    '/api/tables/:tableId',
    {
      config: { access: roles('admin') },
      schema: {
        params: tableParams,
        body: jsonBody(renameTableBodySchema),
        response: { 200: tableResponseSchema },
      },
    },
    async (request) => {
      return {
        table: await tables.rename(request.user!, request.params.tableId, request.body.number),
      };
    },
  );

  for (const action of ['assign', 'unassign'] as const) {
    app.post(
      `/api/tables/:tableId/${action}`,
      {
        config: { access: roles('server') },
        schema: { params: tableParams, body: emptyBody, response: { 200: tableResponseSchema } },
      },
      async (request) => {
        return { table: await tables[action](request.user!, request.params.tableId) };
      },
    );
  }

  app.delete(
    '/api/tables/:tableId',
    {
      config: { access: roles('admin') },
      schema: { params: tableParams, response: { 204: noContent } },
    },
    async (request, reply) => {
      await tables.delete(request.user!, request.params.tableId);
      return reply.status(204).send();
    },
  );
}
