/**
 * What the pages the server draws share (the guest page, decision 017; the sign-in page, decision 103): the built
 * index.html with the page drawn into its empty root, its data embedded as JSON the browser reads back, and
 * `<html lang dir>` in the page's language, its texts loaded once per language. Also the one HTML escape of the server
 * (mails, titles).
 */
import { dirOf, type Locale } from '@shared/i18n/locales';

const ROOT = '<div id="root"></div>';
const HTML_TAG = /<html[^>]*>/;

/** Text made safe for HTML content and quoted attributes. */
export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * JSON that is safe inside a <script> element: no '<' (so no '</script>' or '<!--' can end or bend it) and no
 * line or paragraph separator.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Whether `shell` has the empty root a page can be drawn into (else it is served as it is). */
export const hasEmptyRoot = (shell: string) => shell.includes(ROOT);

/**
 * `shell` with `markup` in its root, each of `data` (element id → value) embedded after it as a JSON script element,
 * and `<html lang dir>` for `locale`.
 */
export function drawIntoShell(
  shell: string,
  markup: string,
  data: Readonly<Record<string, unknown>>,
  locale: Locale,
): string {
  const json = Object.entries(data)
    .map(
      ([id, value]) =>
        `<script type="application/json" id="${id}">${scriptSafeJson(value)}</script>`,
    )
    .join('');
  return shell
    .replace(ROOT, () => `<div id="root">${markup}</div>${json}`)
    .replace(HTML_TAG, () => `<html lang="${locale}" dir="${dirOf(locale)}">`);
}

/** `load` run once per locale and kept for the process (a page's catalogue is read and its I18n built once). */
export function oncePerLocale<T>(
  load: (locale: Locale) => Promise<T>,
): (locale: Locale) => Promise<T> {
  const loaded = new Map<Locale, Promise<T>>();
  return (locale) => {
    let value = loaded.get(locale);
    if (!value) {
      value = load(locale);
      loaded.set(locale, value);
    }
    return value;
  };
}
