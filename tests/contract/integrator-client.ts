/**
 * What an integrator writes against the generated types (issue 24): openapi-fetch's client, typed by
 * tests/contract/generated/api.d.ts, nothing of this project's own code. It signs a server in with their PIN, lets
 * a guest press, takes and completes the call, reads a refusal's `code` (dismissing it after) (typed from the document), and signs out
 * with no body. `npm run typecheck` compiles it; generated-client.test.ts runs it against the real server.
 */
import createClient from 'openapi-fetch';
import type { components, paths } from './generated/api';

type ErrorCode = components['schemas']['Error']['error']['code'];

export interface Journey {
  signedInAs: string;
  pressedType: components['schemas']['RequestType'];
  takenBy: string | undefined;
  completedStatus: components['schemas']['RequestStatus'];
  /** The code of dismissing the completed call, as the generated types name it. */
  dismissCode: ErrorCode;
  dismissStatus: number;
  logoutStatus: number;
  afterLogoutCode: ErrorCode | undefined;
}

export async function runJourney(
  baseUrl: string,
  floor: { restaurantId: string; tableId: string; loginId: string; pin: string },
): Promise<Journey> {
  const api = createClient<paths>({ baseUrl });

  const login = await api.POST('/api/auth/pin-login', {
    body: { loginId: floor.loginId, pin: floor.pin },
  });
  if (!login.data) throw new Error(`sign-in refused: ${login.error?.error.code}`);
  const cookie = (login.response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  // The documented Origin rule: a write that carries the session cookie names the app's origin.
  const staff = { headers: { cookie, origin: baseUrl } };

  const press = await api.POST('/api/public/restaurants/{restaurantId}/tables/{tableId}/requests', {
    params: { path: { restaurantId: floor.restaurantId, tableId: floor.tableId } },
    body: { type: 'bill' },
    headers: { origin: baseUrl },
  });
  if (!press.data) throw new Error(`press refused: ${press.error?.error.code}`);
  const requestId = press.data.request.id;

  const taken = await api.POST('/api/requests/{requestId}/acknowledge', {
    params: { path: { requestId } },
    ...staff,
  });
  if (!taken.data) throw new Error(`take refused: ${taken.error?.error.code}`);

  const completed = await api.POST('/api/requests/{requestId}/complete', {
    params: { path: { requestId } },
    ...staff,
  });
  if (!completed.data) throw new Error(`complete refused: ${completed.error?.error.code}`);

  const again = await api.POST('/api/requests/{requestId}/dismiss', {
    params: { path: { requestId } },
    ...staff,
  });
  if (!again.error) throw new Error('dismissing a completed call was accepted');
  const dismissCode: ErrorCode = again.error.error.code;

  // No body, no content type: as the document describes logout.
  const logout = await api.POST('/api/auth/logout', staff);
  const after = await api.GET('/api/restaurants/{restaurantId}/requests', {
    params: { path: { restaurantId: floor.restaurantId } },
    ...staff,
  });

  return {
    signedInAs: login.data.user.name,
    pressedType: press.data.request.type,
    takenBy: taken.data.request.acknowledgedBy?.name,
    completedStatus: completed.data.request.status,
    dismissCode,
    dismissStatus: again.response.status,
    logoutStatus: logout.response.status,
    afterLogoutCode: after.error?.error.code,
  };
}
