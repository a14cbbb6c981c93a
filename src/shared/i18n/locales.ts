/**
 * The languages of the app (issue 15, docs/decisions/042 and 047): English is the source (SPEC.md's texts,
 * verbatim); every other language is a translation of the same catalogue keys. Isomorphic: the server negotiates
 * the guest page's language from Accept-Language, the browser from navigator.languages.
 */
export const LOCALES = ['en', 'es', 'fr', 'de', 'it', 'pt', 'zh-CN', 'ja', 'tr', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en';

/** Each language in its own words, as the language switcher lists it. */
export const LOCALE_LABELS: Readonly<Record<Locale, string>> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  it: 'Italiano',
  pt: 'Português',
  'zh-CN': '中文(简体)',
  ja: '日本語',
  tr: 'Türkçe',
  ar: 'العربية',
};

/** Right-to-left languages: the page is laid out from the right (`<html dir="rtl">`, logical CSS properties). */
const RTL: ReadonlySet<Locale> = new Set<Locale>(['ar']);

export function dirOf(locale: Locale): 'ltr' | 'rtl' {
  return RTL.has(locale) ? 'rtl' : 'ltr';
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The supported locale a BCP 47 tag means, or null: 'pt-BR' → 'pt', 'zh-Hans-SG' → 'zh-CN', 'zh-TW' → null. */
export function localeOfTag(tag: string): Locale | null {
  const parts = tag.trim().toLowerCase().split(/[-_]/);
  const language = parts[0] ?? '';
  if (language === 'zh') {
    // Traditional Chinese (Taiwan, Hong Kong, Macau, or written Hant) is not Simplified Chinese.
    const rest = parts.slice(1);
    if (rest.includes('hant') || rest.some((part) => ['tw', 'hk', 'mo'].includes(part)))
      return null;
    return 'zh-CN';
  }
  return LOCALES.find((locale) => locale === language) ?? null;
}

/**
 * The best supported locale for what the browser asks: an Accept-Language header ('fr-CH, fr;q=0.9, en;q=0.8')
 * or navigator.languages (already in order). Higher q first, then the order given; q=0 means "not this"; '*' and
 * anything unsupported fall through to `fallback` (the restaurant's default language for its guests).
 */
export function negotiateLocale(
  accepted: string | readonly string[] | null | undefined,
  fallback: Locale = DEFAULT_LOCALE,
): Locale {
  if (!accepted) return fallback;
  const entries = (typeof accepted === 'string' ? accepted.split(',') : accepted)
    .map((entry, index) => {
      const [tag = '', ...params] = entry.split(';');
      const q = params
        .map((param) => /^\s*q\s*=(.*)$/i.exec(param)?.[1]?.trim())
        .find((value) => value !== undefined);
      const weight = q === undefined ? 1 : /^[0-9.]+$/.test(q) ? Number(q) : 0;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag !== '' && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of entries) {
    const locale = localeOfTag(tag);
    if (locale) return locale;
  }
  return fallback;
}
