// First: no schema may be built before zod is told not to probe for eval (strict CSP, issue 6).
import './lib/zod-jitless';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { captureInstallPrompt, registerServiceWorker } from './lib/pwa';

// Issue 5: the browser's install offer may come before the login page shows; the service worker gives the offline
// shell and push notifications (production builds only).
captureInstallPrompt();
registerServiceWorker();

const container = document.getElementById('root');
if (container === null) throw new Error('index.html must contain <div id="root">');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
