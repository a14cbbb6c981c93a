/**
 * The active language's Lingui instance for the components below it (issue 15, docs/decisions/042). A new
 * instance per language (not i18n.activate on a shared one), so switching the language changes the context value
 * and every consumer renders again; the server renders the same tree with its own instance (decision 017).
 */
import { createContext, useContext } from 'react';
import type { I18n } from '@shared/i18n/i18n';

export const I18nContext = createContext<I18n | null>(null);

export function useI18n(): I18n {
  const i18n = useContext(I18nContext);
  if (i18n === null) throw new Error('useI18n needs an <I18nContext> above it');
  return i18n;
}

/** `<html lang dir>` for `locale`: screen readers' voice, hyphenation, and right-to-left layout (Arabic). */
export function applyDocumentLanguage(locale: string, dir: 'ltr' | 'rtl'): void {
  document.documentElement.lang = locale;
  document.documentElement.dir = dir;
}
