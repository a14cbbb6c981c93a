import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { actionSucceeded } from '../lib/action-toast';
import { takeSignInGreeting } from '../lib/sign-in-handoff';
import { Toasts } from '../components/toasts';
import { PageFrame } from '../components/ui/page-frame';
import { Header } from './header';
import { LoadingScreen } from '../components/ui/spinner';
import { useSession } from '../lib/session-api';
import { ActiveRestaurantProvider } from '../lib/active-restaurant-provider';
import { CreateRestaurantGate } from '../features/restaurants/components/create-restaurant-gate';
import { focusHeadingWhenDrawn, useFocusHeadingOnRouteChange } from '../lib/focus';
import { LiveProvider } from './live-provider';
import { PendingRequestsProvider } from './pending-requests-provider';
import { SoundBanner } from './sound-banner';

function Shell() {
  const { user } = useSession();
  useFocusHeadingOnRouteChange('header');
  // SPEC §8 'Login successful!', said by the sign-in page that handed over to this app (decision 103); the sign-in
  // form is gone, so focus goes to the home screen's heading (issue 12).
  useEffect(() => {
    const greeting = takeSignInGreeting();
    if (greeting === null) return;
    actionSucceeded('sign-in', greeting);
    return focusHeadingWhenDrawn();
  }, []);
  return (
    <PageFrame
      header={
        <>
          <Header />
          {user?.role === 'server' && <SoundBanner />}
        </>
      }
      after={
        <>
          <Toasts />
          <CreateRestaurantGate />
        </>
      }
    >
      <Suspense fallback={<LoadingScreen />}>
        <Outlet />
      </Suspense>
    </PageFrame>
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
