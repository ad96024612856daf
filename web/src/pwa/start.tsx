import type { QueryClient } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { bagQueue } from '@/features/cart/api/offline-queue';
import { wishlistQueue } from '@/features/wishlist/api/offline-queue';
import { wishlistQueryKey } from '@/features/wishlist/api/wishlist';
import { getAccessToken, subscribeTokens } from '@/lib/auth/tokens';
import { PwaParts } from './parts';
import { registerServiceWorker } from './update';

/** The service worker's cache of the signed-in shopper's answers (web/sw/sw.js). */
export const SHOPPER_CACHE = 'dwa-shopper';
const SETTLE_MS = 1000;

/**
 * The offline parts, loaded after the page (main.tsx) so that none of it counts against the first
 * screen's code: the banner and prompts, the sending of bag and wishlist changes made offline,
 * and, in a production build, the service worker. `client` is the app's query cache, refreshed
 * with the server's answers once the changes are sent.
 */
export function start(client: QueryClient) {
  const host = document.createElement('div');
  document.body.append(host);
  createRoot(host).render(<PwaParts />);
  // What the device keeps for a shopper offline goes when their session ends, in any tab.
  const forgetWhenSignedOut = () => {
    if (getAccessToken() !== null) return;
    bagQueue.forget();
    wishlistQueue.forget();
    if ('caches' in window) void caches.delete(SHOPPER_CACHE);
  };
  forgetWhenSignedOut();
  subscribeTokens(forgetWhenSignedOut);
  // A connection that comes back often drops again within a moment: the changes wait a second.
  // The bag's own requests tell the bag to re-read (cartUpdated); the wishlist is re-read here.
  const send = async () => {
    void bagQueue.send();
    if ((await wishlistQueue.send()) > 0) {
      await client.invalidateQueries({ queryKey: wishlistQueryKey });
    }
  };
  window.addEventListener('online', () => {
    window.setTimeout(() => void send(), SETTLE_MS);
  });
  if (navigator.onLine) void send();
  if (import.meta.env.PROD && 'serviceWorker' in navigator) {
    void registerServiceWorker(navigator.serviceWorker);
  }
}
