/**
 * What routes declare (fastify-type-provider-zod; decision 041): the path parameters most routes share, a request
 * body as it has always been read, and a 204's empty answer. Each field rule is the shared one (src/shared); a
 * refusal reaches the client through http/errors.ts (the first zod issue's own message, when SPEC words one).
 */
import { z } from 'zod';
import { idParamSchema } from '../../shared/schemas';
import { MSG } from '../../shared/messages';
import { AppError } from './errors';

/**
 * A request body schema: a request that sends no body (an action's bare POST, a PATCH that changes nothing) is read
 * as `{}`, as the hand-written parse() of before read it, and checked against the schema like any other.
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


/**
 * Parses input with a shared zod schema. The first issue's message becomes the error message, so a rule that
 * SPEC words (e.g. 'Please enter a table number') reaches the user verbatim.
 */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const custom =
    issue &&
    issue.message &&
    !issue.message.startsWith('Invalid') &&
    !issue.message.startsWith('Too ') &&
    !issue.message.startsWith('Unrecognized') &&
    !issue.message.startsWith('Expected');
  throw new AppError(400, 'validation', custom ? issue.message : MSG.badRequest);
}
