import { startTransition, StrictMode, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { GuestApp, takeEmbeddedGuestData } from './app/guest-app';
import { matchTablePath } from '../shared/paths';
import { markAppTakingOver } from './features/guest/lib/early-press';
import { LoadingScreen } from './components/ui/spinner';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html must contain <div id="root">');

// Decision 016: the guest page (a phone on mobile data, budget 90 KB of gzip JS) is rendered straight from the URL;
// the router, zod and every staff screen are one chunk further, loaded only for the other routes.
const table = matchTablePath(window.location.pathname);
if (table) {
  // Decision 017: the server usually sends this page already drawn, with its data. React then hydrates it — keeps
  // the very elements the guest already sees — instead of drawing them again; without embedded data it renders.
  const initialData = takeEmbeddedGuestData();
  const page = (
    <StrictMode>
      <GuestApp
        restaurantId={table.restaurantId}
        tableId={table.tableId}
        initialData={initialData}
      />
    </StrictMode>
  );
  // In a transition, hydration yields to the browser every few milliseconds instead of holding the main thread
  // (a guest's tap is not kept waiting behind it).
  if (initialData) {
    markAppTakingOver();
    startTransition(() => void hydrateRoot(container, page));
  } else createRoot(container).render(page);
} else {
  const root = createRoot(container);
  const render = (node: ReactNode) => root.render(<StrictMode>{node}</StrictMode>);
  render(<LoadingScreen />);
  void import('./app/app').then(({ App }) => render(<App />));
}
