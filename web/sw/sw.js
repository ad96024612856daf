// The storefront's service worker (docs/decisions/0026-installable-and-offline.md). The build
// (vite.config.ts, serviceWorker) writes it to dist/sw.js with VERSION, a hash of the build's file
// names, and SHELL, the code every page runs. The server sends it with Cache-Control: no-cache, so
// a deploy is seen at the next visit; the new worker then waits until the shopper chooses to
// reload (the app's "new version" prompt), never taking over an open page by itself.
/* global self, caches, fetch, URL, atob, Headers, Response */

const VERSION = '__DWA_VERSION__';
const SHELL = '__DWA_SHELL__'; // an array of paths in the built file

// Versioned caches hold what one build needs (its code, and pages that name that code); the API's
// answers outlive a deploy. Every cache is bounded: phones have little storage.
const ASSETS = `dwa-assets-${VERSION}`;
const PAGES = `dwa-pages-${VERSION}`;
const CATALOGUE = 'dwa-catalogue';
// Deleted by the app when the shopper signs out (src/pwa/start.tsx).
const SHOPPER = 'dwa-shopper';
const LIMITS = { [ASSETS]: 120, [PAGES]: 40, [CATALOGUE]: 80, [SHOPPER]: 40 };

// The signed-in shopper's own answers that the bag, wishlist, orders and order pages read offline
// (an order's page reads the order and its refunds).
const SHOPPER_PATHS = [
  /^\/api\/store\/cart-items\/$/,
  /^\/api\/store\/wishlists\/$/,
  /^\/api\/store\/orders\/$/,
  /^\/api\/store\/orders\/[0-9a-f-]+\/(refunds\/)?$/,
  /^\/api\/auth\/users\/me\/$/,
];
// Public catalogue answers: products, lists, categories, the hero and stores.
const CATALOGUE_PATHS =
  /^\/api\/store\/(products|categories|hero|stores|ajax|search\/corrections)(\/|$)/;

self.addEventListener('install', (event) => {
  // The shell's files are in the HTTP cache already (immutable, hashed names): no second download.
  event.waitUntil(caches.open(ASSETS).then((cache) => cache.addAll(SHELL)));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter(
              (name) => /^dwa-(assets|pages)-/.test(name) && name !== ASSETS && name !== PAGES,
            )
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  // Kept alive until it has taken over: a worker stopped in between would leave the page waiting.
  if (event.data === 'skip-waiting') event.waitUntil(self.skipWaiting());
  if (event.data === 'version') event.ports[0]?.postMessage(VERSION);
  // The code the page loaded before this worker controlled it (its route's chunk): copied from
  // the HTTP cache, so that page opens offline too.
  if (Array.isArray(event.data?.loaded)) {
    const own = event.data.loaded.filter((href) => {
      const url = new URL(href, self.location.origin);
      return url.origin === self.location.origin && url.pathname.startsWith('/assets/');
    });
    event.waitUntil(caches.open(ASSETS).then((cache) => cache.addAll(own)));
  }
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(page(request, url));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request));
  } else if (SHOPPER_PATHS.some((path) => path.test(url.pathname))) {
    const user = userOf(request);
    if (user !== null) event.respondWith(networkFirst(request, SHOPPER, shopperKey(url, user)));
  } else if (CATALOGUE_PATHS.test(url.pathname)) {
    event.respondWith(networkFirst(request, CATALOGUE, url.href));
  }
});

/**
 * A page from the network, kept for offline; offline, the page as last seen, or else another
 * seen page as the app's shell: the app renders the URL's own route, and a data island meant for
 * other pages is ignored (lib/injected.ts keys it by API path).
 */
async function page(request, url) {
  const key = url.origin + url.pathname + url.search;
  try {
    const response = await fetch(request);
    if (response.ok) await put(PAGES, key, response.clone());
    return response;
  } catch (error) {
    const cache = await caches.open(PAGES);
    const seen = await cache.match(key);
    if (seen) return seen;
    const first = (await cache.keys())[0];
    const other = (await cache.match(`${url.origin}/`)) ?? (first && (await cache.match(first)));
    if (other) return withoutPagePart(other);
    throw error;
  }
}

/**
 * Another page as the app's shell, without the first screen the server painted for that page
 * (internal/httpapi/page_shell.go): the shopper sees the header, not another page's image, until
 * the app renders the URL's own route.
 */
async function withoutPagePart(response) {
  const html = (await response.text()).replace(
    /<!--dwa:page-->[\s\S]*?<!--\/dwa:page-->/,
    '<!--dwa:page--><!--/dwa:page-->',
  );
  const headers = new Headers(response.headers);
  headers.delete('Content-Length');
  headers.delete('ETag');
  return new Response(html, { status: response.status, headers });
}

async function cacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await put(ASSETS, request.url, response.clone());
  return response;
}

/** The network's answer wins; the last one kept answers when there is no network. */
async function networkFirst(request, cacheName, key) {
  try {
    const response = await fetch(request);
    if (response.ok) await put(cacheName, key, response.clone());
    return response;
  } catch (error) {
    const cached = await (await caches.open(cacheName)).match(key);
    if (cached) return cached;
    throw error;
  }
}

async function put(cacheName, key, response) {
  const cache = await caches.open(cacheName);
  await cache.delete(key); // re-added last: the oldest entries go first
  await cache.put(key, response);
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, keys.length - LIMITS[cacheName]).map((old) => cache.delete(old)));
}

/**
 * The shopper an answer belongs to, from the access token's claims: a shopper's answers are kept
 * under their own id, so one device's shoppers never read each other's bag.
 */
function userOf(request) {
  const token = /^Bearer [^.]+\.([^.]+)\./.exec(request.headers.get('Authorization') ?? '');
  if (!token) return null;
  try {
    const claims = JSON.parse(atob(token[1].replace(/-/g, '+').replace(/_/g, '/')));
    return typeof claims.user_id === 'number' ? claims.user_id : null;
  } catch {
    return null;
  }
}

function shopperKey(url, user) {
  const key = new URL(url.href);
  key.searchParams.set('dwa-shopper', String(user));
  return key.href;
}
