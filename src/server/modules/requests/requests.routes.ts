import type { FastifyInstance } from 'fastify';
import {
  acknowledgeRequest,
  completeRequest,
  dismissRequest,
  getRequestHistory,
  listRequests,
} from '@shared/api/requests';
import { route } from '../../http/route';
import type { Services } from '../../services';

export function registerRequestsRoutes(app: FastifyInstance, { requests }: Services): void {
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

  route(app, getRequestHistory, async (request) => {
    return requests.history(request.user!, request.params.restaurantId, request.query);
  });
}
