import './styles.css';
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { GuestApp } from './app/guest-app';
import { matchTablePath } from './app/paths';
import { LoadingScreen } from './components/ui/spinner';
import { captureInstallPrompt, registerServiceWorker } from './lib/pwa';

// Issue 5: the browser's install offer may come before the login page shows; the service worker gives the offline
// shell and push notifications (production builds only).
captureInstallPrompt();
registerServiceWorker();

const container = document.getElementById('root');
if (container === null) throw new Error('index.html must contain <div id="root">');

const root = createRoot(container);
const render = (node: ReactNode) => root.render(<StrictMode>{node}</StrictMode>);

// Decision 016: the guest page (a phone on mobile data, budget 90 KB of gzip JS) is rendered straight from the URL;
// the router, zod and every staff screen are one chunk further, loaded only for the other routes.
const table = matchTablePath(window.location.pathname);
if (table) {
  render(<GuestApp restaurantId={table.restaurantId} tableId={table.tableId} />);
} else {
  render(<LoadingScreen />);
  void import('./app/app').then(({ App }) => render(<App />));
}
