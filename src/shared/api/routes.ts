/**
 * Every /api route's method and path, by operationId (issue 24, decision 060). This module imports no zod: the guest
 * page's first load takes its paths from here (decision 016), while the full endpoint table (src/shared/api/*.ts)
 * adds each route's schemas, error codes and access rule on top of these entries.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteEntry {
  readonly method: HttpMethod;
  readonly path: string;
  /** A WebSocket upgrade (a live channel): OpenAPI cannot describe it, so it is not in the API description. */
  readonly websocket?: true;
}

const get = <P extends string>(path: P) => ({ method: 'GET' as const, path });
const post = <P extends string>(path: P) => ({ method: 'POST' as const, path });
const put = <P extends string>(path: P) => ({ method: 'PUT' as const, path });
const patch = <P extends string>(path: P) => ({ method: 'PATCH' as const, path });
const del = <P extends string>(path: P) => ({ method: 'DELETE' as const, path });
const socket = <P extends string>(path: P) => ({
  method: 'GET' as const,
  path,
  websocket: true as const,
});

const GUEST_TABLE = '/api/public/restaurants/:restaurantId/tables/:tableId';

export const routes = {
  // auth and account
  getSession: get('/api/session'),
  login: post('/api/auth/login'),
  pinLogin: post('/api/auth/pin-login'),
  logout: post('/api/auth/logout'),
  verifyEmail: post('/api/auth/verify-email'),
  resendVerification: post('/api/auth/resend-verification'),
  deleteAccount: del('/api/account'),
  setAccountLanguage: put('/api/account/language'),
  changeOwnPin: put('/api/account/pin'),
  forgotPassword: post('/api/auth/forgot-password'),
  resetPassword: post('/api/auth/reset-password'),
  // guest (public)
  getGuestTable: get(GUEST_TABLE),
  getGuestCooldown: get(`${GUEST_TABLE}/cooldown`),
  createGuestRequest: post(`${GUEST_TABLE}/requests`),
  cancelGuestRequest: post(`${GUEST_TABLE}/requests/:requestId/cancel`),
  setGuestBillMethod: put(`${GUEST_TABLE}/requests/:requestId/bill-method`),
  answerGuestOutcome: post(`${GUEST_TABLE}/requests/:requestId/outcome`),
  rateGuestBill: post(`${GUEST_TABLE}/requests/:requestId/rating`),
  getRestaurantLogo: get('/api/public/restaurants/:restaurantId/logo'),
  // restaurants
  listRestaurants: get('/api/restaurants'),
  createRestaurant: post('/api/restaurants'),
  getRestaurant: get('/api/restaurants/:restaurantId'),
  updateRestaurant: patch('/api/restaurants/:restaurantId'),
  updateRequestTypes: put('/api/restaurants/:restaurantId/request-types'),
  deleteRestaurant: del('/api/restaurants/:restaurantId'),
  uploadRestaurantLogo: post('/api/restaurants/:restaurantId/logo'),
  deleteRestaurantLogo: del('/api/restaurants/:restaurantId/logo'),
  getDashboard: get('/api/restaurants/:restaurantId/dashboard'),
  getRestaurantsOverview: get('/api/overview'),
  getAnalytics: get('/api/restaurants/:restaurantId/analytics'),
  // tables
  listTables: get('/api/restaurants/:restaurantId/tables'),
  createTable: post('/api/restaurants/:restaurantId/tables'),
  createTables: post('/api/restaurants/:restaurantId/tables/bulk'),
  deleteTables: post('/api/restaurants/:restaurantId/tables/delete'),
  regenerateTableCodes: post('/api/restaurants/:restaurantId/tables/regenerate-codes'),
  renameTable: patch('/api/tables/:tableId'),
  assignTable: post('/api/tables/:tableId/assign'),
  unassignTable: post('/api/tables/:tableId/unassign'),
  deleteTable: del('/api/tables/:tableId'),
  setTableServer: put('/api/tables/:tableId/server'),
  setTablesSection: post('/api/restaurants/:restaurantId/tables/section'),
  // a party's visit (decisions 092, 093)
  seatTable: post('/api/tables/:tableId/seat'),
  clearTable: post('/api/tables/:tableId/clear'),
  // sections (decision 077)
  listSections: get('/api/restaurants/:restaurantId/sections'),
  createSection: post('/api/restaurants/:restaurantId/sections'),
  renameSection: patch('/api/sections/:sectionId'),
  deleteSection: del('/api/sections/:sectionId'),
  setSectionServers: put('/api/sections/:sectionId/servers'),
  // shifts and hand-overs (decisions 094–096)
  getShiftState: get('/api/restaurants/:restaurantId/shift'),
  startShift: post('/api/restaurants/:restaurantId/shift'),
  endShift: post('/api/restaurants/:restaurantId/shift/end'),
  listShifts: get('/api/restaurants/:restaurantId/shifts'),
  forceEndShift: post('/api/shifts/:shiftId/end'),
  offerHandover: post('/api/restaurants/:restaurantId/handovers'),
  acceptHandover: post('/api/handovers/:handoverId/accept'),
  declineHandover: post('/api/handovers/:handoverId/decline'),
  cancelHandover: post('/api/handovers/:handoverId/cancel'),
  setTableNote: put('/api/tables/:tableId/note'),
  // staff
  listStaff: get('/api/restaurants/:restaurantId/staff'),
  createStaff: post('/api/restaurants/:restaurantId/staff'),
  deleteStaff: del('/api/staff/:userId'),
  updateStaff: patch('/api/staff/:userId'),
  resetStaffPin: post('/api/staff/:userId/pin'),
  sendStaffPasswordReset: post('/api/staff/:userId/password-reset'),
  deactivateStaff: post('/api/staff/:userId/deactivate'),
  reactivateStaff: post('/api/staff/:userId/reactivate'),
  getLoginIdAvailability: get('/api/login-ids/:loginId/availability'),
  // requests
  listRequests: get('/api/restaurants/:restaurantId/requests'),
  getRequestHistory: get('/api/restaurants/:restaurantId/requests/history'),
  acknowledgeRequest: post('/api/requests/:requestId/acknowledge'),
  completeRequest: post('/api/requests/:requestId/complete'),
  dismissRequest: post('/api/requests/:requestId/dismiss'),
  dismissAsPrank: post('/api/requests/:requestId/prank'),
  listPressBlocks: get('/api/restaurants/:restaurantId/press-blocks'),
  liftPressBlock: post('/api/restaurants/:restaurantId/press-blocks/:blockId/lift'),
  confirmAlertShown: post('/api/requests/:requestId/receipt'),
  // integrations: API tokens and webhooks (decisions 075, 076)
  listApiTokens: get('/api/restaurants/:restaurantId/api-tokens'),
  createApiToken: post('/api/restaurants/:restaurantId/api-tokens'),
  revokeApiToken: del('/api/api-tokens/:tokenId'),
  listWebhooks: get('/api/restaurants/:restaurantId/webhooks'),
  createWebhook: post('/api/restaurants/:restaurantId/webhooks'),
  updateWebhook: patch('/api/webhooks/:webhookId'),
  deleteWebhook: del('/api/webhooks/:webhookId'),
  listWebhookDeliveries: get('/api/webhooks/:webhookId/deliveries'),
  redeliverWebhook: post('/api/webhook-deliveries/:deliveryId/redeliver'),
  // super admin
  getSuperAdminStats: get('/api/super-admin/stats'),
  listSuperAdminUsers: get('/api/super-admin/users'),
  deleteSuperAdminUser: del('/api/super-admin/users/:userId'),
  // Web Push
  getPushPublicKey: get('/api/push/public-key'),
  subscribePush: post('/api/push/subscriptions'),
  unsubscribePush: del('/api/push/subscriptions'),
  // floor boards (decision 080)
  listBoards: get('/api/restaurants/:restaurantId/boards'),
  createBoard: post('/api/restaurants/:restaurantId/boards'),
  revokeBoard: del('/api/boards/:boardId'),
  pairBoard: post('/api/board/pair'),
  getBoard: get('/api/board'),
  // health
  getHealthLive: get('/api/health/live'),
  getHealthReady: get('/api/health/ready'),
  // live channels (WebSocket)
  staffLive: socket('/api/live'),
  restaurantLive: socket('/api/public/restaurants/:restaurantId/live'),
  tableLive: socket(`${GUEST_TABLE}/live`),
  boardLive: socket('/api/board/live'),
} as const satisfies Record<string, RouteEntry>;

export type OperationId = keyof typeof routes;

/** `{ restaurantId: string; tableId: string }` for '/api/public/restaurants/:restaurantId/tables/:tableId'. */
export type PathParams<P extends string> = string extends P
  ? Record<string, string>
  : P extends `${string}:${infer Name}/${infer Rest}`
    ? { [K in Name]: string } & PathParams<`/${Rest}`>
    : P extends `${string}:${infer Name}`
      ? { [K in Name]: string }
      : Record<never, never>;

export type QueryValue = string | number | boolean | null | undefined;

/**
 * A route's URL: each `:name` filled with its value (encoded), and the query's defined values appended in order.
 * A missing parameter is a bug in the caller, so it throws rather than sending a request to a wrong path.
 */
export function apiUrl<P extends string>(
  route: { readonly path: P },
  params?: PathParams<P>,
  query?: Readonly<Record<string, QueryValue>>,
): string {
  const values = (params ?? {}) as Record<string, string>;
  const path = route.path.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${route.path}: no value for :${name}`);
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}
