import { useId, useState, type KeyboardEvent } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { paths } from '@shared/paths';
import { appText } from '@shared/i18n/app';
import type { AppMessageId } from '@shared/i18n/compiled/app';
import { useI18n } from '../lib/i18n';
import { useLogout } from '../features/auth/api/auth-api';
import { useSession } from '../lib/session-api';
import { useRestaurant } from '../lib/restaurants-api';
import { useActiveRestaurant } from '../lib/active-restaurant-provider';
import {
  NotificationStatusView,
  useNotificationStatus,
} from '../features/requests/components/notification-status';
import { useLiveStatus } from '../lib/live-status';
import { usePendingRequests } from '../lib/pending-requests';
import { RestaurantMark } from '../components/ui/restaurant-mark';
import { Spinner } from '../components/ui/spinner';
import {
  BRAND,
  BRAND_NAME,
  HEADER,
  HEADER_ROW,
  ITEM,
  ITEM_ACTIVE,
  ITEM_IDLE,
  MENU_BUTTON,
  MenuIcon,
  PHONE_MENU,
  PRODUCT_NAME,
  ProductMark,
} from '../components/ui/header-parts';

interface NavItem {
  to: string;
  label: AppMessageId;
  /** Shows the number of pending requests beside the label (issue 12). */
  pendingCount?: boolean;
}

// SPEC §2 header: admins see Dashboard, Tables, Staff, Settings; servers see My Tables and Requests;
// visitors see Login and Sign Up.
const ADMIN_LINKS: NavItem[] = [
  { to: paths.adminDashboard, label: 'app.console.navDashboard' },
  { to: paths.adminTables, label: 'app.console.navTables' },
  { to: paths.adminStaff, label: 'app.console.navStaff' },
  { to: paths.adminSettings, label: 'app.console.navSettings' },
  // Issue 12: today's handled requests.
  { to: paths.adminHistory, label: 'app.console.navHistory' },
  // Issue 13.
  { to: paths.adminAnalytics, label: 'app.console.navAnalytics' },
];
const SERVER_LINKS: NavItem[] = [
  { to: paths.serverTables, label: 'app.console.navMyTables' },
  { to: paths.serverRequests, label: 'app.console.navRequests', pendingCount: true },
  // Issue 12: account deletion lives on its own page, off the server's working screens.
  { to: paths.serverHistory, label: 'app.console.navHistory' },
  { to: paths.serverAccount, label: 'app.console.navAccount' },
];
const VISITOR_LINKS: NavItem[] = [
  { to: paths.login, label: 'app.console.navLogin' },
  { to: paths.register, label: 'app.console.navSignUp' },
];

/** A red count pill; its number is read from the sr-only text beside it. */
function CountPill({ count, className = '' }: { count: number; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-flex min-w-5 items-center justify-center rounded-full bg-danger-700 px-1.5 text-xs font-bold leading-5 text-white ${className}`}
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}

function NavLinks({ links, pending }: { links: NavItem[]; pending: number }) {
  const i18n = useI18n();
  return links.map((link) => (
    <li key={link.to}>
      <NavLink
        to={link.to}
        className={({ isActive }) => `${ITEM} ${isActive ? ITEM_ACTIVE : ITEM_IDLE}`}
      >
        {appText(i18n, link.label)}
        {link.pendingCount && pending > 0 && (
          <>
            <CountPill count={pending} />
            <span className="sr-only">
              ({appText(i18n, 'app.console.pendingCount', { count: pending })})
            </span>
          </>
        )}
      </NavLink>
    </li>
  ));
}

/** SPEC §2 header for the staff and admin screens (the guest page has its own branded header). */
export function Header() {
  const i18n = useI18n();
  const { user, isPending } = useSession();
  const { restaurantId } = useActiveRestaurant();
  const restaurant = useRestaurant(restaurantId).data;
  const logout = useLogout();
  const location = useLocation();
  const liveStatus = useLiveStatus();
  const pending = usePendingRequests().total;
  const push = useNotificationStatus(user);
  const menuId = useId();
  // The menu belongs to the page it was opened on: navigating closes it without an effect.
  const [openOnKey, setOpenOnKey] = useState<string | null>(null);
  const menuOpen = openOnKey === location.key;
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape') setOpenOnKey(null);
  };

  const links =
    user === null
      ? isPending
        ? []
        : VISITOR_LINKS
      : user.role === 'admin'
        ? ADMIN_LINKS
        : user.role === 'server'
          ? SERVER_LINKS
          : [];

  function handleLogout() {
    // The sign-in page is loaded once it has answered (useLogout).
    logout.mutate();
  }

  const logoutItem = user !== null && (
    <li>
      <button
        type="button"
        onClick={handleLogout}
        disabled={logout.isPending}
        className={`${ITEM} w-full text-body hover:bg-sunken hover:text-ink disabled:opacity-60`}
      >
        {appText(i18n, 'app.console.logout')}
      </button>
    </li>
  );

  // Issue 12: one row on a 360 px phone. Below md the links, the notification control and Logout fold into the
  // menu; the menu button carries the pending count so it is seen without opening it.
  // data-live: the live channel's state, for tests and support (the console is current only while it is 'open').
  return (
    <header className={HEADER} data-live={liveStatus}>
      <div className={HEADER_ROW}>
        <Link to={paths.root} className={BRAND}>
          {restaurant ? (
            <RestaurantMark
              name={restaurant.name}
              logoUrl={restaurant.logoUrl}
              color={restaurant.primaryColor}
              className="size-9 shrink-0 text-base"
            />
          ) : (
            <ProductMark />
          )}
          <span className={BRAND_NAME}>{restaurant?.name ?? PRODUCT_NAME}</span>
        </Link>

        {user !== null && (liveStatus === 'reconnecting' || liveStatus === 'offline') && (
          <span
            role="status"
            className="inline-flex shrink-0 items-center gap-1.5 rounded-full bg-warning-100 px-2.5 py-1 text-xs font-semibold text-warning-900"
          >
            <Spinner className="size-3" />
            {liveStatus === 'offline' ? (
              <span>
                {appText(i18n, 'app.console.liveOffline')}
                <span className="max-sm:sr-only">
                  {' · '}
                  {appText(i18n, 'app.console.liveOfflineReconnecting')}
                </span>
              </span>
            ) : (
              <span>
                <span className="max-sm:sr-only">
                  {appText(i18n, 'app.console.liveReconnecting')}
                </span>
                <span className="sm:hidden" aria-hidden="true">
                  {appText(i18n, 'app.console.liveSync')}
                </span>
              </span>
            )}
          </span>
        )}
        {user !== null && (
          <div className="hidden shrink-0 md:block">
            <NotificationStatusView {...push} />
          </div>
        )}

        <nav aria-label={appText(i18n, 'app.console.navMain')} className="hidden shrink-0 md:block">
          <ul role="list" className="flex items-center gap-1">
            <NavLinks links={links} pending={pending} />
            {logoutItem}
          </ul>
        </nav>

        <button
          type="button"
          aria-label={
            pending > 0
              ? appText(i18n, 'app.console.menuPending', { count: pending })
              : appText(i18n, 'app.console.menu')
          }
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setOpenOnKey(menuOpen ? null : location.key)}
          onKeyDown={closeOnEscape}
          className={MENU_BUTTON}
        >
          <MenuIcon open={menuOpen} />
          {pending > 0 && !menuOpen && (
            <CountPill count={pending} className="absolute -end-0.5 -top-0.5" />
          )}
        </button>
      </div>

      {menuOpen && (
        <nav
          id={menuId}
          aria-label={appText(i18n, 'app.console.navMain')}
          className={PHONE_MENU}
          onKeyDown={closeOnEscape}
        >
          <ul role="list" className="flex flex-col gap-1">
            <NavLinks links={links} pending={pending} />
            {user !== null && push.state !== 'unsupported' && (
              <li className="px-3 py-1">
                <NotificationStatusView {...push} />
              </li>
            )}
            {logoutItem}
          </ul>
        </nav>
      )}
    </header>
  );
}
