/**
 * A request's type title and ticking waiting time in the screen's language, shared by the staff console
 * (features/requests) and the floor board (features/boards): '45 s', '3 min', '1 h 5 min', '2 d'.
 */
import { appText } from '@shared/i18n/app';
import type { I18n } from '@shared/i18n/i18n';
import {
  customTypeLabel,
  findCustomType,
  isReminderType,
  isSpecType,
  type RequestTypesConfig,
} from '@shared/request-types';
import type { ServiceRequest } from '@shared/schemas';

/**
 * What names a restaurant's own buttons (decision 087): its list (deleted ones too, for history) and the language
 * their labels fall back to. The staff screens take it from the restaurant (useTypeNames), the board from its
 * snapshot.
 */
export interface TypeNames {
  requestTypes: RequestTypesConfig;
  guestLanguage: string;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * A request type's title (SPEC §1), e.g. 'Bill Payment Requested'; a restaurant's own type by its label in the
 * screen's language, else its fallback (decision 087); a service timer's reminder by its own words (decision 097).
 */
export function typeText(
  i18n: I18n,
  type: ServiceRequest['type'],
  names: TypeNames | null | undefined,
): string {
  if (isReminderType(type)) return appText(i18n, `app.type.${type}`);
  if (!isSpecType(type)) {
    const custom = findCustomType(names?.requestTypes, type);
    return custom
      ? customTypeLabel(custom, i18n.locale, names?.guestLanguage)
      : appText(i18n, 'app.type.custom');
  }
  switch (type) {
    case 'server':
      return appText(i18n, 'app.type.server');
    case 'order':
      return appText(i18n, 'app.type.order');
    case 'refill':
      return appText(i18n, 'app.type.refill');
    case 'bill':
      return appText(i18n, 'app.type.bill');
  }
}

/** How long a request has been waiting: '45 s', '3 min', '1 h 5 min', '2 d' (never negative). */
export function elapsedText(i18n: I18n, elapsedMs: number): string {
  const elapsed = Math.max(0, elapsedMs);
  if (elapsed < MINUTE)
    return appText(i18n, 'app.wait.seconds', { seconds: Math.floor(elapsed / 1000) });
  if (elapsed < HOUR)
    return appText(i18n, 'app.wait.minutes', { minutes: Math.floor(elapsed / MINUTE) });
  if (elapsed < DAY) {
    const hours = Math.floor(elapsed / HOUR);
    const minutes = Math.floor((elapsed % HOUR) / MINUTE);
    return minutes > 0
      ? appText(i18n, 'app.console.hoursMinutes', { hours, minutes })
      : appText(i18n, 'app.console.hours', { hours });
  }
  return appText(i18n, 'app.console.days', { days: Math.floor(elapsed / DAY) });
}
