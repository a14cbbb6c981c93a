/**
 * The staff app's way to name an endpoint of the table (decision 104): `call(api('takeRequest'), …)`. The entry's
 * route (method and path) comes from routes.ts, which holds no zod; its types (path parameters, query, body, answer)
 * come from the table's schemas at compile time only. So the staff app's first load carries no zod and no schemas
 * (issue 25's 150 KB budget): zod is downloaded only with a screen that validates a form.
 *
 * The answer is not parsed again here: the server checks every answer against the same schema before it sends it
 * (src/server/http/route.ts registers each route's response schemas), and a wrong answer there is a 500, never a
 * wrongly shaped 200. The guest page and the sign-in page keep their own small guards (decisions 016, 103).
 */
import type { z } from 'zod';
import type * as auth from '@shared/api/auth';
import type * as boards from '@shared/api/boards';
import type * as integrations from '@shared/api/integrations';
import type * as push from '@shared/api/push';
import type * as requests from '@shared/api/requests';
import type * as restaurants from '@shared/api/restaurants';
import type * as shifts from '@shared/api/shifts';
import type * as staff from '@shared/api/staff';
import type * as superAdmin from '@shared/api/super-admin';
import type * as tables from '@shared/api/tables';
import { routes } from '@shared/api/routes';
import type { ResponseParser } from './api-client';

type Table = typeof auth &
  typeof boards &
  typeof integrations &
  typeof push &
  typeof requests &
  typeof restaurants &
  typeof shifts &
  typeof staff &
  typeof superAdmin &
  typeof tables;

/** The table's entries the staff app calls, by name (each entry is exported under its operationId). */
export type EndpointName = {
  [K in keyof Table & keyof typeof routes]: Table[K] extends {
    readonly operationId: K;
    readonly responses: object;
  }
    ? K
    : never;
}[keyof Table & keyof typeof routes];

type Answer<S> = S extends z.ZodType ? ResponseParser<z.output<S>> : never;

/** An entry of the table as `call` takes it: its route and types, answers passed through as the server sent them. */
export type EndpointRef<E extends { readonly responses: object }> = Omit<E, 'responses'> & {
  readonly responses: { readonly [S in keyof E['responses']]: Answer<E['responses'][S]> };
};

const asSent: ResponseParser<unknown> = { safeParse: (data) => ({ success: true, data }) };
const SUCCESS = { 200: asSent, 201: asSent, 202: asSent };

/** The endpoint named `name` (its operationId), for `call`. */
export function api<K extends EndpointName>(name: K): EndpointRef<Table[K]> {
  return { operationId: name, ...routes[name], responses: SUCCESS } as unknown as EndpointRef<
    Table[K]
  >;
}
