/**
 * The one way texts are translated (issue 15, docs/decisions/042): an instance of Lingui's runtime (@lingui/core)
 * per language, holding that language's compiled catalogue (scripts/i18n-compile.mjs). `i18n._(id, values)`
 * interpolates ICU plurals, numbers and selects with the browser's (or Node's) Intl. Isomorphic.
 */
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import type { Locale } from './locales';

export type { I18n, Messages };

export function createI18n(locale: Locale, messages: Messages): I18n {
  return setupI18n({ locale, messages: { [locale]: messages } });
}
