import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { AppRoutes, preloadPage } from './app/router';
import { startPwa } from './lib/pwa-schedule';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const client = createQueryClient();

/**
 * How long the server's painting of the first screen may stay while the page's code arrives.
 * Rendered before it, the app would put an empty page in its place, with the footer where the
 * picture was; the page would then push the footer down (a layout shift) and paint its largest
 * element again (decision 0031). Past this, or offline, the app renders with its loading state.
 */
const PAGE_CODE_WAIT_MS = 5000;

function pageCode(): Promise<unknown> {
  if (!navigator.onLine) return Promise.resolve();
  return Promise.race([
    // A failure here is the page's to show (its lazy part retries and reports), not a blank app.
    Promise.resolve()
      .then(() => preloadPage(window.location.pathname))
      .catch(() => undefined),
    new Promise((resolve) => window.setTimeout(resolve, PAGE_CODE_WAIT_MS)),
  ]);
}

// The first render is a transition: React renders it in slices of a few milliseconds, yielding
// between them, instead of in one task of a hundred or more on a cheap phone — the browser's own
// work (scrolling, images) goes on between slices; Lighthouse's Total Blocking Time fell from
// 385–572 ms to 11–183 ms (decision 0031).
// The server's first screen stays until the page is ready to replace it.
void pageCode().then(() => {
  const root = createRoot(container);
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders client={client}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AppProviders>
      </StrictMode>,
    );
  });
});

// The offline banner, the new-version prompt and the service worker (src/pwa) load apart from
// every route's initial code, a moment after the page: before, their requests and work would
// compete with the first screen's late images (Lighthouse's LCP 2.2 -> 2.5 s when loaded at once).
// In data-saver mode a device's first page view goes without them (lib/pwa-schedule.ts).
window.addEventListener('load', () => {
  window.setTimeout(() => {
    startPwa(() => {
      void import('./pwa/start').then(({ start }) => {
        start(client);
      });
    });
  }, 1500);
});
