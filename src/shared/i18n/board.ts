/**
 * The floor board's own texts (decision 080): the `board` catalogue, a chunk of its own per language, so the staff
 * console's first load (which carries the app catalogue's English) does not grow with the wall screen's words.
 */
import type { BoardMessageId } from './compiled/board';
import type { I18n } from './i18n';

export const boardText = (
  i18n: I18n,
  id: BoardMessageId,
  values?: Record<string, string | number>,
): string => i18n._(id, values);
