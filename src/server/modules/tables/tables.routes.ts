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
  setTableServer,
  setTablesSection,
  listSections,
  createSection,
  renameSection,
  deleteSection,
  setSectionServers,
  seatTable,
  clearTable,
} from '@shared/api/tables';
import { route } from '../../http/route';
import type { Services } from '../../services';

export function registerTablesRoutes(
  app: FastifyInstance,
  { tables, sections, visits }: Services,
): void {
  // A party's visit (decisions 092, 093).
  route(app, seatTable, async (request) => {
    return { table: await visits.seat(request.user!, request.params.tableId) };
  });

  route(app, clearTable, async (request) => {
    return { table: await visits.clear(request.user!, request.params.tableId) };
  });

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

  // The owner's sections and assignment (decision 077).
  route(app, setTableServer, async (request) => {
    return {
      table: await tables.setServer(request.user!, request.params.tableId, request.body.serverId),
    };
  });

  route(app, setTablesSection, async (request) => {
    const { tableIds, sectionId } = request.body;
    return {
      tables: await tables.setSection(
        request.user!,
        request.params.restaurantId,
        tableIds,
        sectionId,
      ),
    };
  });

  route(app, listSections, async (request) => {
    return { sections: await sections.list(request.user!, request.params.restaurantId) };
  });

  route(app, createSection, async (request, reply) => {
    const section = await sections.create(
      request.user!,
      request.params.restaurantId,
      request.body.name,
    );
    return reply.status(201).send({ section });
  });

  route(app, renameSection, async (request) => {
    return {
      section: await sections.rename(request.user!, request.params.sectionId, request.body.name),
    };
  });

  route(app, deleteSection, async (request, reply) => {
    await sections.delete(request.user!, request.params.sectionId);
    return reply.status(204).send();
  });

  route(app, setSectionServers, async (request) => {
    const { sectionId } = request.params;
    return {
      section: await sections.setServers(request.user!, sectionId, request.body.serverIds),
    };
  });
}
