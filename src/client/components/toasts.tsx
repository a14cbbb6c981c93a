import { lazy, Suspense, useSyncExternalStore } from 'react';
import { toastsWanted } from '../lib/toast';

const ToastsContainer = lazy(() => import('./toast-container'));

/**
 * Where the toasts appear: nothing until the first toast asks for them (lib/toast.ts), then react-toastify's
 * container, loaded on demand (decision 104).
 */
export function Toasts() {
  const wanted = useSyncExternalStore(toastsWanted.subscribe, toastsWanted.get);
  return wanted ? (
    <Suspense fallback={null}>
      <ToastsContainer />
    </Suspense>
  ) : null;
}
