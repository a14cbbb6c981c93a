import type { z } from 'zod';
import { AppError } from './errors';
import { MSG } from '../../shared/messages';

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
