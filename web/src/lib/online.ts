import { useSyncExternalStore } from 'react';

// Whether the browser has a network connection (navigator.onLine and its online/offline events).
// Kept out of the app chunk (vite.config.ts, OUTSIDE_APP): only the checkout, payment and offline
// parts use it, and those load after their page.

function subscribe(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

export function isOnline() {
  return navigator.onLine;
}

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}

/** Why checkout and payment wait for a connection: orders and payments never start offline. */
export const OFFLINE_ORDER = 'You are offline. Connect to place your order.';
export const OFFLINE_PAYMENT = 'You are offline. Connect to pay for your order.';
