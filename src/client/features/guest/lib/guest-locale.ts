/**
 * Which language the guest page shows (issue 15, docs/decisions/047): the guest's own choice on this device
 * (the language switcher: localStorage, and a cookie so the server draws the next page in it too), else the
 * browser's languages (navigator.languages; the server used Accept-Language), else the restaurant's default.
 */
import { GUEST_LOCALE_COOKIE } from '@shared/constants';
import { isLocale, negotiateLocale, type Locale } from '@shared/i18n/locales';

const STORAGE_KEY = 'table-service.guest-locale';
const ONE_YEAR_SECONDS = 365 * 24 * 3600;

export function storedGuestLocale(): Locale | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isLocale(value) ? value : null;
  } catch {
    return null;
  }
}

export function rememberGuestLocale(locale: Locale): void {
  try {
    localStorage.setItem(STORAGE_KEY, locale);
  } catch {
    // Private mode with storage off: the cookie still carries it.
  }
  document.cookie = `${GUEST_LOCALE_COOKIE}=${encodeURIComponent(locale)}; path=/table/; max-age=${ONE_YEAR_SECONDS}; samesite=lax`;
}

/** The browser's best language among ours (navigator.languages), else `fallback`. */
function negotiatedGuestLocale(fallback: Locale): Locale {
  return negotiateLocale(navigator.languages, fallback);
}

/** The language the guest page should show: the guest's choice, else the browser's languages, else `fallback`. */
export function preferredGuestLocale(fallback: Locale): Locale {
  return storedGuestLocale() ?? negotiatedGuestLocale(fallback);
}
