/**
 * What routes declare (fastify-type-provider-zod; decision 041): the path parameters most routes share, a request
 * body as it has always been read, and a 204's empty answer. Each field rule is the shared one (src/shared); a
 * refusal reaches the client through http/errors.ts (the first zod issue's own message, when SPEC words one).
 */
import { z } from 'zod';
import { idParamSchema } from '../../shared/schemas';

/**
 * A request body schema: a request that sends no body (an action's bare POST, a PATCH that changes nothing) is read
 * as `{}` (as the handlers' own parsing always read it) and checked against the schema like any other.
 */
export const jsonBody = <S extends z.ZodType>(schema: S) =>
  z.preprocess((input) => input ?? {}, schema);

/** An action that takes no fields: no body, or an empty JSON object; any field is refused. */
export const emptyBody = jsonBody(z.strictObject({}));

/** 204: no body (OpenAPI: a response without content). */
export const noContent = z.undefined().describe('No content');

export const restaurantParams = z.object({ restaurantId: idParamSchema });
export const tableParams = z.object({ tableId: idParamSchema });
export const userParams = z.object({ userId: idParamSchema });
/** A guest's table: the restaurant in the QR code's path, and the table in it. */
export const guestTableParams = restaurantParams.extend({ tableId: idParamSchema });


