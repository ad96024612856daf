import { createRoot } from 'react-dom/client';
import { forgetQueuedChanges, sendQueuedChanges } from '@/features/cart/api/offline-queue';
import { getAccessToken, subscribeTokens } from '@/lib/auth/tokens';
import { PwaParts } from './parts';
import { registerServiceWorker } from './update';

/** The service worker's cache of the signed-in shopper's answers (web/sw/sw.js). */
export const SHOPPER_CACHE = 'dwa-shopper';
const SETTLE_MS = 1000;

/**
 * The offline parts, loaded after the page (main.tsx) so that none of it counts against the first
 * screen's code: the banner and prompts, the sending of bag changes made offline, and, in a
 * production build, the service worker.
 */
export function start() {
  const host = document.createElement('div');
  document.body.append(host);
  createRoot(host).render(<PwaParts />);
  // What the device keeps for a shopper offline goes when their session ends, in any tab.
  const forgetWhenSignedOut = () => {
    if (getAccessToken() !== null) return;
    forgetQueuedChanges();
    if ('caches' in window) void caches.delete(SHOPPER_CACHE);
  };
  forgetWhenSignedOut();
  subscribeTokens(forgetWhenSignedOut);
  // A connection that comes back often drops again within a moment: the changes wait a second.
  window.addEventListener('online', () => {
    window.setTimeout(() => void sendQueuedChanges(), SETTLE_MS);
  });
  if (navigator.onLine) void sendQueuedChanges();
  if (import.meta.env.PROD && 'serviceWorker' in navigator) {
    void registerServiceWorker(navigator.serviceWorker);
  }
}
