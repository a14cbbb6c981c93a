/**
 * The sign-in page as a whole (decision 103): the visitor's header and the sign-in card, drawn by the server and then
 * taken over by sign-in-main.tsx — neither side uses the router, TanStack Query, zod or the toasts.
 */
import { useId, useState, type KeyboardEvent } from 'react';
import type { LoginTab } from '@shared/constants';
import { appText } from '@shared/i18n/app';
import type { AppMessageId } from '@shared/i18n/compiled/app';
import { paths } from '@shared/paths';
import {
  HEADER,
  HEADER_ROW,
  ITEM,
  ITEM_ACTIVE,
  ITEM_IDLE,
  MENU_BUTTON,
  MenuIcon,
  PHONE_MENU,
  ProductHomeLink,
} from '../../../components/ui/header-parts';
import { PageFrame } from '../../../components/ui/page-frame';
import { useI18n } from '../../../lib/i18n';
import { LoginPage } from '../routes/login-page';
import type { SignInFormProps } from './sign-in-form';

/** SPEC §2 header: visitors see Login and Sign Up. */
const LINKS: { href: string; label: AppMessageId }[] = [
  { href: paths.login, label: 'app.console.navLogin' },
  { href: paths.register, label: 'app.console.navSignUp' },
];

function VisitorLinks() {
  const i18n = useI18n();
  return LINKS.map((link) => {
    const current = link.href === paths.login;
    return (
      <li key={link.href}>
        <a
          href={link.href}
          aria-current={current ? 'page' : undefined}
          className={`${ITEM} ${current ? ITEM_ACTIVE : ITEM_IDLE}`}
        >
          {appText(i18n, link.label)}
        </a>
      </li>
    );
  });
}

/**
 * The staff app's header as a signed-out visitor sees it (app/header.tsx), with plain links. The phone menu's button
 * says it is not ready until the page is live (a tap before would do nothing).
 */
function VisitorHeader({ live }: { live: boolean }) {
  const i18n = useI18n();
  const menuId = useId();
  const [menuOpen, setMenuOpen] = useState(false);
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape') setMenuOpen(false);
  };
  const navLabel = appText(i18n, 'app.console.navMain');
  return (
    <header className={HEADER}>
      <div className={HEADER_ROW}>
        <ProductHomeLink />
        <nav aria-label={navLabel} className="hidden shrink-0 md:block">
          <ul role="list" className="flex items-center gap-1">
            <VisitorLinks />
          </ul>
        </nav>
        <button
          type="button"
          aria-label={appText(i18n, 'app.console.menu')}
          aria-expanded={menuOpen}
          aria-controls={menuId}
          aria-disabled={live ? undefined : true}
          onClick={() => setMenuOpen(!menuOpen)}
          onKeyDown={closeOnEscape}
          className={MENU_BUTTON}
        >
          <MenuIcon open={menuOpen} />
        </button>
      </div>
      {menuOpen && (
        <nav id={menuId} aria-label={navLabel} className={PHONE_MENU} onKeyDown={closeOnEscape}>
          <ul role="list" className="flex flex-col gap-1">
            <VisitorLinks />
          </ul>
        </nav>
      )}
    </header>
  );
}

export function SignInScreen(props: SignInFormProps & { tab?: LoginTab | undefined }) {
  return (
    <PageFrame header={<VisitorHeader live={props.live} />}>
      <LoginPage {...props} />
    </PageFrame>
  );
}
