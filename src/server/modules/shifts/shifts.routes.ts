import type { FastifyInstance } from 'fastify';
import {
  acceptHandover,
  cancelHandover,
  declineHandover,
  endShift,
  forceEndShift,
  getShiftState,
  listShifts,
  offerHandover,
  setTableNote,
  startShift,
} from '@shared/api/shifts';
import { route } from '../../http/route';
import type { Services } from '../../services';

/** Shifts, hand-overs and table notes (issue 27 item 3, decisions 094–096). */
export function registerShiftsRoutes(app: FastifyInstance, { shifts }: Services): void {
  route(app, getShiftState, async (request) => ({
    state: await shifts.state(request.user!, request.params.restaurantId),
  }));

  route(app, startShift, async (request, reply) => {
    const { restaurantId } = request.params;
    const state = await shifts.start(request.user!, restaurantId, request.body.sectionIds);
    return reply.status(201).send({ state });
  });

  route(app, endShift, async (request) => ({
    state: await shifts.end(request.user!, request.params.restaurantId),
  }));

  route(app, listShifts, async (request) =>
    shifts.history(request.user!, request.params.restaurantId),
  );

  route(app, forceEndShift, async (request) => ({
    shift: await shifts.forceEnd(request.user!, request.params.shiftId, request.body.toServerId),
  }));

  route(app, offerHandover, async (request, reply) => {
    const { restaurantId } = request.params;
    const handover = await shifts.offer(request.user!, restaurantId, request.body.toServerId);
    return reply.status(201).send({ handover });
  });

  route(app, acceptHandover, async (request) => ({
    handover: await shifts.accept(request.user!, request.params.handoverId),
  }));

  route(app, declineHandover, async (request) => ({
    handover: await shifts.decline(request.user!, request.params.handoverId),
  }));

  route(app, cancelHandover, async (request) => ({
    handover: await shifts.cancel(request.user!, request.params.handoverId),
  }));

  route(app, setTableNote, async (request) => ({
    table: await shifts.setNote(request.user!, request.params.tableId, request.body.note),
  }));
}
