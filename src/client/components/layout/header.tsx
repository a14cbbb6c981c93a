import { useId, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { paths } from '../../app/paths';
import { useLogout } from '../../features/auth/api/auth-api';
import { useSession } from '../../features/auth/api/session-api';
import { useRestaurant } from '../../features/restaurants/api/restaurants-api';
import { useActiveRestaurant } from '../../features/restaurants/components/active-restaurant-provider';
import { NotificationStatus } from '../../features/requests/components/notification-status';
import { useLiveStatus } from '../../lib/live-status';
import { RestaurantMark } from '../ui/restaurant-mark';
import { Spinner } from '../ui/spinner';

interface NavItem {
  to: string;
  label: string;
}

// SPEC §2 header: admins see Dashboard, Tables, Staff, Settings; servers see My Tables and Requests;
// visitors see Login and Sign Up.
const ADMIN_LINKS: NavItem[] = [
  { to: paths.adminDashboard, label: 'Dashboard' },
  { to: paths.adminTables, label: 'Tables' },
  { to: paths.adminStaff, label: 'Staff' },
  { to: paths.adminSettings, label: 'Settings' },
];
const SERVER_LINKS: NavItem[] = [
  { to: paths.serverTables, label: 'My Tables' },
  { to: paths.serverRequests, label: 'Requests' },
];
const VISITOR_LINKS: NavItem[] = [
  { to: paths.login, label: 'Login' },
  { to: paths.register, label: 'Sign Up' },
];

const ITEM =
  'flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600';

/** SPEC §2 header for the staff and admin screens (the guest page has its own branded header). */
export function Header() {
  const { user, isPending } = useSession();
  const { restaurantId } = useActiveRestaurant();
  const restaurant = useRestaurant(restaurantId).data;
  const logout = useLogout();
  const navigate = useNavigate();
  const location = useLocation();
  const liveStatus = useLiveStatus();
  const menuId = useId();
  // The menu belongs to the page it was opened on: navigating closes it without an effect.
  const [openOnKey, setOpenOnKey] = useState<string | null>(null);
  const menuOpen = openOnKey === location.key;

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
    logout.mutate(undefined, {
      onSettled: () => void navigate(paths.login, { replace: true }),
    });
  }

  return (
    <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-x-4 px-4 py-2">
        <Link
          to={paths.root}
          className="flex min-h-11 min-w-0 items-center gap-3 rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
        >
          {restaurant ? (
            <RestaurantMark
              name={restaurant.name}
              logoUrl={restaurant.logoUrl}
              color={restaurant.primaryColor}
              className="size-9 text-base"
            />
          ) : (
            <img src="/favicon.svg" alt="" className="size-9" />
          )}
          <span className="truncate text-lg font-bold text-slate-900">
            {restaurant?.name ?? 'Table Service'}
          </span>
        </Link>

        <div className="flex items-center gap-2">
          {user !== null && (liveStatus === 'reconnecting' || liveStatus === 'offline') && (
            <span
              role="status"
              className="inline-flex items-center gap-1.5 rounded-full bg-amber-100 px-2.5 py-1 text-xs font-semibold text-amber-900"
            >
              <Spinner className="size-3" />
              {liveStatus === 'offline' ? (
                <span>
                  Offline<span className="max-sm:sr-only"> · reconnecting…</span>
                </span>
              ) : (
                'Reconnecting…'
              )}
            </span>
          )}
          {user !== null && <NotificationStatus user={user} />}
          <button
            type="button"
            aria-label="Menu"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setOpenOnKey(menuOpen ? null : location.key)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') setOpenOnKey(null);
            }}
            className="inline-flex size-11 items-center justify-center rounded-lg text-slate-800 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 md:hidden"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="size-6"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            >
              {menuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
            </svg>
          </button>
        </div>

        <nav
          id={menuId}
          aria-label="Main"
          className={`${menuOpen ? 'block' : 'hidden'} w-full pb-2 md:block md:w-auto md:pb-0`}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setOpenOnKey(null);
          }}
        >
          <ul role="list" className="flex flex-col gap-1 md:flex-row md:items-center">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  className={({ isActive }) =>
                    `${ITEM} ${isActive ? 'bg-blue-50 text-blue-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'}`
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
            {user !== null && (
              <li>
                <button
                  type="button"
                  onClick={handleLogout}
                  disabled={logout.isPending}
                  className={`${ITEM} w-full text-slate-700 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-60`}
                >
                  Logout
                </button>
              </li>
            )}
          </ul>
        </nav>
      </div>
    </header>
  );
}
