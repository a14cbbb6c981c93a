/**
 * Which rule's text a refusal carries (issue 24, decision 098). An error's `code` says what happened, for a program
 * to branch on; several rules can answer the same code (`validation`, `bad_request`, `not_found` …), so the error
 * also names its text by `messageId`, the key of that text in the shared tables (messages.ts, floor-messages.ts).
 * A client words a refusal in its reader's language by `code` and `messageId`, never by matching the English.
 * Texts with a value (a name, a number) have no id: they are worded by `code` and the error's `values`.
 */
import { NAME_REQUIRED } from '../fields';
import { FLOOR_MSG } from '../floor-messages';
import { MSG } from '../messages';

type FixedKeys<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T];

export type MessageId = FixedKeys<typeof MSG> | FixedKeys<typeof FLOOR_MSG> | 'nameRequired';

function fixedTexts(table: Readonly<Record<string, unknown>>): [string, string][] {
  return Object.entries(table).filter((e): e is [string, string] => typeof e[1] === 'string');
}

/** Every id with its English text. */
export const MESSAGE_TEXTS: Readonly<Record<MessageId, string>> = Object.fromEntries([
  ...fixedTexts(MSG),
  ...fixedTexts(FLOOR_MSG),
  ['nameRequired', NAME_REQUIRED],
]) as Record<MessageId, string>;

export const MESSAGE_IDS = Object.keys(MESSAGE_TEXTS) as MessageId[];
