import 'react-toastify/dist/ReactToastify.css';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { TOAST_MS } from '@shared/constants';
import { appText } from '@shared/i18n/app';
import { dirOf, type Locale } from '@shared/i18n/locales';
import { useI18n } from '../lib/i18n';
import { Header } from './header';
import { LoadingScreen } from '../components/ui/spinner';
import { useSession } from '../lib/session-api';
import { ActiveRestaurantProvider } from '../lib/active-restaurant-provider';
import { CreateRestaurantGate } from '../features/restaurants/components/create-restaurant-gate';
import { useFocusHeadingOnRouteChange } from '../lib/focus';
import { PHONE_QUERY, useMediaQuery } from '../lib/use-media-query';
import { LiveProvider } from './live-provider';
import { PendingRequestsProvider } from './pending-requests-provider';
import { SoundBanner } from './sound-banner';

/**
 * Toasts (SPEC §2: top-right, 5000 ms, pause on hover and focus loss, close on click). Decision 032: on a phone
 * they sit at the bottom, at most two at a time, so they never cover the header's controls or the top of the
 * request list; on wider screens they stay top-right, below the header (styles.css).
 */
function Toasts() {
  const phone = useMediaQuery(PHONE_QUERY);
  // Right to left (Arabic): the toasts sit at the top start corner and read from the right.
  const rtl = dirOf(useI18n().locale as Locale) === 'rtl';
  return (
    <ToastContainer
      position={phone ? 'bottom-center' : rtl ? 'top-left' : 'top-right'}
      rtl={rtl}
      limit={phone ? 2 : 4}
      newestOnTop
      autoClose={TOAST_MS}
      pauseOnHover
      pauseOnFocusLoss
      closeOnClick
    />
  );
}

function Shell() {
  const { user } = useSession();
  const i18n = useI18n();
  useFocusHeadingOnRouteChange('header');
  return (
    <div className="min-h-dvh bg-canvas text-ink">
      <a
        href="#main"
        className="sr-only rounded-control bg-white px-4 py-2 font-semibold text-brand-800 focus:not-sr-only focus:fixed focus:start-4 focus:top-4 focus:z-50 focus:ring-2 focus:ring-brand-600"
      >
        {appText(i18n, 'app.console.skipToContent')}
      </a>
      <div className="sticky top-0 z-20">
        <Header />
        {user?.role === 'server' && <SoundBanner />}
      </div>
      <main
        id="main"
        className="mx-auto max-w-5xl px-4 pb-[max(2rem,env(safe-area-inset-bottom))] pt-6"
      >
        <Suspense fallback={<LoadingScreen />}>
          <Outlet />
        </Suspense>
      </main>
      <Toasts />
      <CreateRestaurantGate />
    </div>
  );
}

/**
 * The shell of every screen except the guest page: header, toasts and the live channel. It is a lazy chunk of
 * its own so the guest page never downloads react-toastify or the staff screens.
 */
export function StaffLayout() {
  return (
    <ActiveRestaurantProvider>
      <LiveProvider>
        <PendingRequestsProvider>
          <Shell />
        </PendingRequestsProvider>
      </LiveProvider>
    </ActiveRestaurantProvider>
  );
}
