import '@mantine/core/styles.css';
// Every screen's date pickers look alike (they were styled only where a screen imported these).
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { registerServiceWorker } from './app/service-worker';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// Built only (a production build has the service worker; the dev server has none).
if (import.meta.env.PROD) registerServiceWorker();
