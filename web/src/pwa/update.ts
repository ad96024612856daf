import { useSyncExternalStore } from 'react';

// The service worker's registration (docs/decisions/0026). A new version installs in the
// background and waits: the shopper is offered a reload, and only their choice lets it take over,
// so an open page never runs against a cache it did not load from.

let waiting: ServiceWorker | null = null;
const listeners = new Set<() => void>();

function offer(worker: ServiceWorker | null) {
  waiting = worker;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Whether a new version waits for the shopper's reload. */
export function useUpdateWaiting(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => waiting !== null,
    () => false,
  );
}

/** How the page reloads; a seam for tests (jsdom's location cannot be stubbed). */
export const page = {
  reload() {
    window.location.reload();
  },
};

/**
 * Lets the waiting version take over, then reloads the page into it. A version that took over
 * already — the shopper chose Reload in another tab: a worker's activation moves every tab to it,
 * and this tab's `controllerchange` came before anything listened — is reloaded into at once;
 * asking it to skip waiting again would change nothing, and the prompt would stay.
 */
export function applyUpdate() {
  const worker = waiting;
  if (!worker) return;
  if (worker.state === 'activating' || worker.state === 'activated') {
    page.reload();
    return;
  }
  navigator.serviceWorker.addEventListener(
    'controllerchange',
    () => {
      page.reload();
    },
    { once: true },
  );
  worker.postMessage('skip-waiting');
}

export async function registerServiceWorker(container: ServiceWorkerContainer) {
  const registration = await container.register('/sw.js');
  // A first install has no page to disturb; only a replacement of a controlling worker is offered.
  const check = () => {
    if (registration.waiting && container.controller) offer(registration.waiting);
  };
  check();
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') check();
    });
  });
  // The code this page loaded before the worker controlled it (its route's chunk): the worker
  // copies it from the HTTP cache, so the page opens offline too.
  const ready = await container.ready;
  ready.active?.postMessage({
    loaded: performance.getEntriesByType('resource').map((entry) => entry.name),
  });
}

/** For tests: forget an offered version. */
export function resetUpdate() {
  offer(null);
}

/** For tests: offer a version as if one were waiting. */
export function offerUpdate(worker: ServiceWorker) {
  offer(worker);
}
