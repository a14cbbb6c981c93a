/**
 * How a route's request body is read (fastify-type-provider-zod; decision 041). The path parameters and field rules
 * are the shared ones (src/shared/api); a refusal reaches the client through http/errors.ts (the first zod issue's
 * own message, when SPEC words one).
 */
import { z } from 'zod';

/**
 * A request body schema: a request that sends no body (an action's bare POST, a PATCH that changes nothing) is read
 * as `{}` (as the handlers' own parsing always read it) and checked against the schema like any other.
 */
export const jsonBody = <S extends z.ZodType>(schema: S) =>
  z.preprocess((input) => input ?? {}, schema);
