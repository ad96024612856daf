import { dataSaverOn } from './data-saver';
import {
  QUEUE_KEY,
  REFUSED_KEY,
  WISHLIST_QUEUE_KEY,
  WISHLIST_REFUSED_KEY,
} from './offline-queue-keys';

// When the offline parts (src/pwa: the service worker, the offline banner, the queues' sending)
// start (docs/decisions/0025). In data-saver mode a device's first page view does without them:
// the worker, its start code and the queues are some 12 KB on the wire that a shopper who reads
// one page and leaves never uses. They start at the second page view (a move inside the app, or
// the device's next page load), so a shopper who stays gets the installable, offline app.
// Without data saver, or with something for them to do — a worker already in control, changes
// waiting to be sent, refusals to show — they start at once.

const SEEN_KEY = 'dwa-seen';
const OFFLINE_KEYS = [QUEUE_KEY, REFUSED_KEY, WISHLIST_QUEUE_KEY, WISHLIST_REFUSED_KEY];

let views = 0;
let waiting: (() => void) | null = null;

function deferred(): boolean {
  if (!dataSaverOn()) return false;
  if (typeof navigator.serviceWorker === 'object' && navigator.serviceWorker.controller)
    return false;
  try {
    if (localStorage.getItem(SEEN_KEY) !== null) return false;
    if (OFFLINE_KEYS.some((key) => localStorage.getItem(key) !== null)) return false;
    localStorage.setItem(SEEN_KEY, '1');
  } catch {
    return false; // storage blocked: every page would look like the first
  }
  return true;
}

/** Runs `start` now, or in data-saver mode on a device's first page view, at the next one. */
export function startPwa(start: () => void) {
  if (views > 1 || !deferred()) {
    start();
    return;
  }
  waiting = start;
}

/** Counts a page view (the layout's, on each path change); the second starts what waits. */
export function pageViewed() {
  views += 1;
  if (views > 1 && waiting) {
    const start = waiting;
    waiting = null;
    start();
  }
}
