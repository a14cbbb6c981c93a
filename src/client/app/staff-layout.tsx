import 'react-toastify/dist/ReactToastify.css';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { TOAST_MS } from '../../shared/constants';
import { Header } from '../components/layout/header';
import { LoadingScreen } from '../components/ui/spinner';
import { ActiveRestaurantProvider } from '../features/restaurants/components/active-restaurant-provider';
import { CreateRestaurantGate } from '../features/restaurants/components/create-restaurant-dialog';
import { LiveProvider } from './live-provider';

/**
 * The shell of every screen except the guest page: header, toasts and the live channel. It is a lazy chunk of
 * its own so the guest page never downloads react-toastify or the staff screens.
 */
export function StaffLayout() {
  return (
    <ActiveRestaurantProvider>
      <LiveProvider>
        <div className="min-h-dvh bg-slate-50 text-slate-900">
          <a
            href="#main"
            className="sr-only rounded-lg bg-white px-4 py-2 font-semibold text-blue-800 focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:ring-2 focus:ring-blue-600"
          >
            Skip to content
          </a>
          <Header />
          <main
            id="main"
            className="mx-auto max-w-5xl px-4 pb-[max(2rem,env(safe-area-inset-bottom))] pt-6"
          >
            <Suspense fallback={<LoadingScreen />}>
              <Outlet />
            </Suspense>
          </main>
          {/* SPEC §2: toasts top-right, 5000 ms, pause on hover and focus loss, close on click. */}
          <ToastContainer
            position="top-right"
            autoClose={TOAST_MS}
            pauseOnHover
            pauseOnFocusLoss
            closeOnClick
          />
          <CreateRestaurantGate />
        </div>
      </LiveProvider>
    </ActiveRestaurantProvider>
  );
}
