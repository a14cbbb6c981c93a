import type { FastifyInstance } from 'fastify';
import {
  acknowledgeRequest,
  completeRequest,
  confirmAlertShown,
  dismissRequest,
  getRequestHistory,
  listRequests,
} from '@shared/api/requests';
import { route } from '../../http/route';
import type { Services } from '../../services';

export function registerRequestsRoutes(
  app: FastifyInstance,
  { requests, reach, heavyReads }: Services,
): void {
  route(app, listRequests, async (request) => {
    return requests.list(request.user!, request.params.restaurantId, request.query);
  });

  // Who may act on which request: docs/decisions/028 (servers on what they may see, admins on their restaurants).
  const actions = [
    [acknowledgeRequest, 'acknowledge'],
    [completeRequest, 'complete'],
    [dismissRequest, 'dismiss'],
  ] as const;
  for (const [endpoint, action] of actions) {
    route(app, endpoint, async (request) => {
      return { request: await requests[action](request.user!, request.params.requestId) };
    });
  }

  // Decision 091: a device's receipt for a call's alert. A busy floor sends one per call per device.
  route(
    app,
    confirmAlertShown,
    async (request, reply) => {
      await reach.receipt(request.user!, request.params.requestId);
      return reply.status(204).send();
    },
    { config: { rateLimit: { max: 600, timeWindow: 60_000 } } },
  );

  route(app, getRequestHistory, async (request) => {
    return heavyReads.run(request.user!.id, () =>
      requests.history(request.user!, request.params.restaurantId, request.query),
    );
  });
}
