/** The guest page's texts that are built from parts (issue 12's "sent … ago"), in the guest's language. */
import type { I18n } from './i18n';
import type { GuestMessageId } from './compiled/guest';
import {
  customTypeLabel,
  findCustomType,
  isSpecType,
  type RequestKind,
  type RequestTypesConfig,
} from '../request-types';
import { tableLabel } from '../table-label';

/** A guest catalogue id, checked against the English source. */
export const guestText = (
  i18n: I18n,
  id: GuestMessageId,
  values?: Record<string, string | number>,
): string => i18n._(id, values);

/** The table as the guest page's header names it (decision 064): 'Table 7', or 'Terrace 12' as written. */
export const guestTableLabel = (i18n: I18n, number: string): string =>
  tableLabel(number, (n) => guestText(i18n, 'guest.table', { number: n }));

/**
 * The guest's name for a request type: the four buttons' labels (SPEC §2 in English); a restaurant's own button by
 * its label in the guest's language, else the restaurant's (decision 087).
 */
export function guestButtonLabel(
  i18n: I18n,
  type: RequestKind,
  names?: { requestTypes: RequestTypesConfig; guestLanguage: string } | null,
): string {
  if (isSpecType(type)) return guestText(i18n, `guest.button.${type}`);
  const custom = findCustomType(names?.requestTypes, type);
  return custom
    ? customTypeLabel(custom, i18n.locale, names?.guestLanguage)
    : guestText(i18n, 'guest.button.other');
}

/** How long ago, for a guest: 'just now' under 10 s, then '25 s ago', '3 min ago', '1 h ago' (in English). */
export function guestAgoText(i18n: I18n, ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 10) return guestText(i18n, 'guest.ago.now');
  if (seconds < 60) return guestText(i18n, 'guest.ago.seconds', { count: seconds });
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return guestText(i18n, 'guest.ago.minutes', { count: minutes });
  return guestText(i18n, 'guest.ago.hours', { count: Math.floor(minutes / 60) });
}
