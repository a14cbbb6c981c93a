/**
 * The endpoint table (issue 24, decision 060): every HTTP endpoint of the API, split by feature. The server
 * registers each route from its entry (src/server/http/route.ts) and a test checks that the app's /api routes and
 * this table name the same routes; the OpenAPI document is built from the routes registered this way.
 */
import * as auth from './auth';
import * as boards from './boards';
import * as guest from './guest';
import * as health from './health';
import * as integrations from './integrations';
import * as push from './push';
import * as requests from './requests';
import * as restaurants from './restaurants';
import * as staff from './staff';
import * as superAdmin from './super-admin';
import * as shifts from './shifts';
import * as tables from './tables';
import type { Endpoint } from './endpoint';

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' && value !== null && 'operationId' in value && 'responses' in value;

/** Every endpoint, in the order of the feature modules. */
export const endpoints: readonly Endpoint[] = [
  auth,
  guest,
  restaurants,
  tables,
  shifts,
  staff,
  requests,
  integrations,
  superAdmin,
  push,
  boards,
  health,
].flatMap((module) => Object.values(module).filter(isEndpoint));

export { channels } from './live';
