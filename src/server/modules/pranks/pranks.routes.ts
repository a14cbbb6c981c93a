import type { FastifyInstance } from 'fastify';
import { dismissAsPrank, liftPressBlock, listPressBlocks } from '@shared/api/requests';
import { regenerateTableCodes } from '@shared/api/tables';
import { route } from '../../http/route';
import type { Services } from '../../services';

/** Prank dismissals, their blocks and regenerated QR codes (decision 089). */
export function registerPranksRoutes(app: FastifyInstance, { pranks, tables }: Services): void {
  route(app, dismissAsPrank, async (request) => {
    return { request: await pranks.dismissAsPrank(request.user!, request.params.requestId) };
  });

  route(app, listPressBlocks, async (request) => {
    return { blocks: await pranks.list(request.user!, request.params.restaurantId) };
  });

  route(app, liftPressBlock, async (request, reply) => {
    await pranks.lift(request.user!, request.params.restaurantId, request.params.blockId);
    return reply.status(204).send();
  });

  route(app, regenerateTableCodes, async (request) => {
    return { tables: await tables.regenerateCodes(request.user!, request.params.restaurantId) };
  });
}
