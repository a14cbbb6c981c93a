/**
 * The server console's first frame, drawn by the server (decision 106) into the HTML of `/server/requests` and
 * `/server/tables` for a signed-in server: the header, the sound banner and the page's heading — what the app's own
 * first frame shows while its list loads — so a phone paints the console at once instead of after the staff app has
 * arrived and run. The app renders beside it, off screen, and takes its place once it has drawn its page
 * (staff-main.tsx). Nothing here is live: the frame is inert and hidden from assistive technology, and its menu
 * button and banner say `aria-disabled` besides.
 */
import { CONSOLE_FRAME_ATTRIBUTE } from '@shared/constants';
import { appText } from '@shared/i18n/app';
import { paths } from '@shared/paths';
import {
  HEADER,
  HEADER_ROW,
  MENU_BUTTON,
  MenuIcon,
  ProductHomeLink,
} from '../components/ui/header-parts';
import { PageFrame } from '../components/ui/page-frame';
import { useI18n } from '../lib/i18n';
import { SoundBanner } from './sound-banner';

export type ConsoleFramePage = 'requests' | 'tables';

/** The console paths drawn this way, and which page each is. */
export const CONSOLE_FRAME_PAGES: Readonly<Record<string, ConsoleFramePage>> = {
  [paths.serverRequests]: 'requests',
  [paths.serverTables]: 'tables',
};

function Heading({ page }: { page: ConsoleFramePage }) {
  const i18n = useI18n();
  // The pages' own headings, as they draw them (server-requests-page.tsx, server-tables-page.tsx).
  if (page === 'tables')
    return (
      <h1 className="text-2xl font-bold text-ink">{appText(i18n, 'app.admin.tables.myTables')}</h1>
    );
  return (
    <div className="-mt-2 flex min-h-11 items-center gap-3 sm:mt-0">
      <h1 className="min-w-0 flex-1 text-xl font-bold leading-tight text-ink sm:text-2xl">
        {appText(i18n, 'app.console.title')}
      </h1>
    </div>
  );
}

export function ConsoleFrame({ page }: { page: ConsoleFramePage }) {
  const i18n = useI18n();
  const frame = { [CONSOLE_FRAME_ATTRIBUTE]: page };
  // Inert and hidden from assistive technology: a picture of the console until the app is live (screen readers and
  // keyboards meet the app itself, as they met its loading screen before).
  return (
    <div {...frame} inert aria-hidden="true">
      <PageFrame
        header={
          <>
            <header className={HEADER}>
              <div className={HEADER_ROW}>
                <ProductHomeLink />
                <button
                  type="button"
                  aria-label={appText(i18n, 'app.console.menu')}
                  aria-expanded={false}
                  aria-disabled={true}
                  className={MENU_BUTTON}
                >
                  <MenuIcon open={false} />
                </button>
              </div>
            </header>
            {/* Sound is held back on every page nobody has touched yet (decision 105): the app's banner says so too. */}
            <SoundBanner live={false} />
          </>
        }
      >
        <Heading page={page} />
      </PageFrame>
    </div>
  );
}
