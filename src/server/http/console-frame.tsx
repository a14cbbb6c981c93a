/**
 * The server console's first frame (decision 106), drawn into the HTML of `/server/requests` and `/server/tables`
 * for a signed-in server, in their language: the header, the sound banner and the page's heading, so a phone paints
 * the console at once (the sign-in page and the guest page are drawn the same way: decisions 103, 017). The staff
 * app takes the frame's place once it has drawn its own page; nothing of the user's data is in it.
 */
import { renderToString } from 'react-dom/server';
import {
  CONSOLE_FRAME_PAGES,
  ConsoleFrame,
  type ConsoleFramePage,
} from '../../client/app/console-frame';
import { I18nContext } from '../../client/lib/i18n';
import { loadAppMessages } from '@shared/i18n/compiled/app';
import { createI18n } from '@shared/i18n/i18n';
import type { Locale } from '@shared/i18n/locales';
import { drawIntoShell, hasEmptyRoot, oncePerLocale } from './drawn-page';

/** The app's texts in `locale`. */
const appLanguage = oncePerLocale(async (locale) =>
  createI18n(locale, await loadAppMessages[locale]()),
);

/** Which console page `url` is, if it is one drawn this way. */
export function consoleFramePage(url: string): ConsoleFramePage | null {
  const pathname = (url.split('?')[0] ?? '').replace(/\/+$/, '').toLowerCase();
  return Object.hasOwn(CONSOLE_FRAME_PAGES, pathname) ? CONSOLE_FRAME_PAGES[pathname]! : null;
}

/** `shell` (the built index.html) with the console's first frame drawn into its root; unchanged if it has none. */
export async function renderConsoleFrame(
  shell: string,
  locale: Locale,
  page: ConsoleFramePage,
): Promise<string> {
  if (!hasEmptyRoot(shell)) return shell;
  const i18n = await appLanguage(locale);
  const markup = renderToString(
    <I18nContext value={i18n}>
      <ConsoleFrame page={page} />
    </I18nContext>,
  );
  return drawIntoShell(shell, markup, {}, locale);
}
