import { useEffect, useState, useSyncExternalStore, type ComponentType } from 'react';
import { toastsWanted } from '../lib/toast';

/** After a failed load (offline before the service worker had the chunk): the next try, or when back online. */
const RETRY_MS = 10_000;

/**
 * Where the toasts appear: nothing until the first toast asks for them (lib/toast.ts), then react-toastify's
 * container, loaded on demand (decision 104). Toasts often say the network failed, so a failed load of the container
 * never breaks the screen: the toasts wait, and the load is tried again.
 */
export function Toasts() {
  const wanted = useSyncExternalStore(toastsWanted.subscribe, toastsWanted.get);
  const [Container, setContainer] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (!wanted || Container !== null) return;
    let live = true;
    let timer: number | undefined;
    const load = () => {
      window.clearTimeout(timer);
      import('./toast-container').then(
        (module) => {
          if (live) setContainer(() => module.default);
        },
        () => {
          if (live) timer = window.setTimeout(load, RETRY_MS);
        },
      );
    };
    load();
    window.addEventListener('online', load);
    return () => {
      live = false;
      window.clearTimeout(timer);
      window.removeEventListener('online', load);
    };
  }, [wanted, Container]);
  return Container === null ? null : <Container />;
}
