import type { FastifyInstance } from 'fastify';
import {
  assignTable,
  createTable,
  createTables,
  deleteTable,
  deleteTables,
  listTables,
  renameTable,
  unassignTable,
} from '../../../shared/api/tables';
import { route } from '../../http/route';
import type { Services } from '../../services';

export function registerTablesRoutes(app: FastifyInstance, { tables }: Services): void {
  route(app, listTables, async (request) => {
    return { tables: await tables.list(request.user!, request.params.restaurantId) };
  });

  route(app, createTable, async (request, reply) => {
    const { restaurantId } = request.params;
    return reply
      .status(201)
      .send({ table: await tables.create(request.user!, restaurantId, request.body.number) });
  });

  // Bulk add (decision 065): the labels the preview showed, all created in one transaction or none.
  route(app, createTables, async (request, reply) => {
    const { restaurantId } = request.params;
    const created = await tables.createMany(request.user!, restaurantId, request.body.numbers);
    return reply.status(201).send({ tables: created });
  });

  // Delete several at once (decision 065): every id one of this restaurant's tables, all deleted or none.
  route(app, deleteTables, async (request, reply) => {
    const { restaurantId } = request.params;
    await tables.deleteMany(request.user!, restaurantId, request.body.tableIds);
    return reply.status(204).send();
  });

  route(app, renameTable, async (request) => {
    return {
      table: await tables.rename(request.user!, request.params.tableId, request.body.number),
    };
  });

  route(app, assignTable, async (request) => {
    return { table: await tables.assign(request.user!, request.params.tableId) };
  });

  route(app, unassignTable, async (request) => {
    return { table: await tables.unassign(request.user!, request.params.tableId) };
  });

  route(app, deleteTable, async (request, reply) => {
    await tables.delete(request.user!, request.params.tableId);
    return reply.status(204).send();
  });
}
