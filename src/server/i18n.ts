/**
 * Texts the server sends to a person — push notifications, the escalation alert, mails — in that person's language
 * (issue 15, docs/decisions/042 and 047): `users.language`, or English when they have not chosen one. Every
 * language's server catalogue is loaded with the server (a few KB), one Lingui instance each.
 */
import { messages as en } from '@shared/i18n/compiled/server/en';
import { messages as es } from '@shared/i18n/compiled/server/es';
import { messages as fr } from '@shared/i18n/compiled/server/fr';
import { messages as de } from '@shared/i18n/compiled/server/de';
import { messages as it } from '@shared/i18n/compiled/server/it';
import { messages as pt } from '@shared/i18n/compiled/server/pt';
import { messages as zhCN } from '@shared/i18n/compiled/server/zh-CN';
import { messages as ja } from '@shared/i18n/compiled/server/ja';
import { messages as tr } from '@shared/i18n/compiled/server/tr';
import { messages as ar } from '@shared/i18n/compiled/server/ar';
import type { ServerMessageId } from '@shared/i18n/compiled/server';
import { createI18n, type I18n, type Messages } from '@shared/i18n/i18n';
import { DEFAULT_LOCALE, isLocale, type Locale } from '@shared/i18n/locales';
import {
  customTypeLabel,
  findCustomType,
  isReminderType,
  isSpecType,
  type RequestTypesConfig,
  type StaffRequestKind,
} from '@shared/request-types';
import { requestTypeTitle } from '@shared/rules';
import { requestTableLabel } from '@shared/table-label';

const CATALOGUE: Readonly<Record<Locale, Messages>> = {
  en,
  es,
  fr,
  de,
  it,
  pt,
  'zh-CN': zhCN,
  ja,
  tr,
  ar,
};

const instances = new Map<Locale, I18n>();

/** The instance for a recipient's stored language (null or unknown: English, the SPEC's texts). */
export function serverI18n(language: string | null | undefined): I18n {
  const locale = isLocale(language) ? language : DEFAULT_LOCALE;
  let i18n = instances.get(locale);
  if (!i18n) {
    i18n = createI18n(locale, CATALOGUE[locale]);
    instances.set(locale, i18n);
  }
  return i18n;
}

/** A server catalogue id, checked against the English source. */
export const serverText = (
  i18n: I18n,
  id: ServerMessageId,
  values?: Record<string, string | number>,
): string => i18n._(id, values);

/** A restaurant's own buttons and the language its labels fall back to (decision 087). */
export interface ButtonNames {
  requestTypes: RequestTypesConfig;
  guestLanguage: string;
}

/**
 * SPEC §4's request type titles ('Server Assistance Needed', …) in the recipient's language; a custom type by its
 * label in that language, else the restaurant's fallback (decision 087).
 */
export const requestTypeText = (
  i18n: I18n,
  type: StaffRequestKind,
  buttons?: ButtonNames | null,
): string => {
  if (isSpecType(type) || isReminderType(type)) return serverText(i18n, `server.type.${type}`);
  const custom = findCustomType(buttons?.requestTypes, type);
  return custom
    ? customTypeLabel(custom, i18n.locale, buttons?.guestLanguage)
    : requestTypeTitle(type);
};

/** A request's table in a push text (decision 064): 'Table 7', 'Terrace 12' as written, 'Table {id}' if unknown. */
export const requestTableText = (
  i18n: I18n,
  request: { tableNumber: string | null; tableId: string },
): string => requestTableLabel(request, (n) => serverText(i18n, 'server.table', { number: n }));
