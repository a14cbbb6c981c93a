/**
 * The guest page, server-rendered (docs/decisions/017). A guest's phone on mobile data used to paint the page only
 * after the app shell, ~70 KB of script and the table's data had arrived one after the other; now the first
 * response is the finished page — the same React component the browser renders (GuestTableView) — with the table's
 * data embedded as JSON, so the browser paints it at once and React takes over without fetching it again.
 */
import { renderToString } from 'react-dom/server';
import {
  ALL_IDLE,
  GuestTableViewIn,
  statusOfOpen,
} from '../../client/features/guest/components/guest-table-view';
import { safeColor } from '@shared/color';
import { GUEST_DATA_ELEMENT_ID, GUEST_I18N_ELEMENT_ID } from '@shared/constants';
import { loadGuestMessages } from '@shared/i18n/compiled/guest';
import { createI18n, type I18n, type Messages } from '@shared/i18n/i18n';
import type { Locale } from '@shared/i18n/locales';
import type { GuestTableResponse } from '@shared/schemas';
import { drawIntoShell, hasEmptyRoot, oncePerLocale } from './drawn-page';

const THEME_COLOR = /<meta name="theme-color" content="[^"]*"\s*\/?>/;

/** A language of the guest page: its compiled messages (embedded for the browser) and an instance to render with. */
export interface GuestPageLanguage {
  locale: Locale;
  messages: Messages;
  i18n: I18n;
}

/** The guest page's language `locale` (issue 15). */
export const guestPageLanguage = oncePerLocale(async (locale): Promise<GuestPageLanguage> => {
  const messages = await loadGuestMessages[locale]();
  return { locale, messages, i18n: createI18n(locale, messages) };
});

/**
 * `shell` (the built index.html) with the guest page drawn into its root, in `language` (issue 15: `<html lang
 * dir>`, and the language's messages embedded for the browser to hydrate with); unchanged if it has no empty root.
 */
export function renderGuestPage(
  shell: string,
  data: GuestTableResponse,
  language: GuestPageLanguage,
  now: number = Date.now(),
): string {
  if (!hasEmptyRoot(shell)) return shell;
  const markup = renderToString(
    <GuestTableViewIn
      i18n={language.i18n}
      locale={language.locale}
      onLocaleChange={() => undefined}
      restaurant={data.restaurant}
      tableNumber={data.table.number}
      states={ALL_IDLE}
      cooldown={data.cooldownRemainingSeconds}
      onPress={() => undefined}
      // Issue 12: a reload shows where the table's request is, before any script has run.
      status={statusOfOpen(data.openRequests, data.usualWaits)}
      now={now}
      notice={null}
      announcement=""
    />,
  );
  // safeColor: a #rrggbb value (the stored colour, or the default), nothing that could leave the attribute.
  const theme = `<meta name="theme-color" content="${safeColor(data.restaurant.primaryColor)}" />`;
  return drawIntoShell(
    shell,
    markup,
    {
      [GUEST_DATA_ELEMENT_ID]: data,
      [GUEST_I18N_ELEMENT_ID]: { locale: language.locale, messages: language.messages },
    },
    language.locale,
  ).replace(THEME_COLOR, () => theme);
}
