import { useSyncExternalStore } from 'react';
import { ApiError } from '@/lib/api/client';
import { problemText } from '@/lib/api/problem';
import { addToCart, removeCartItem, updateCartItem } from './cart-items';

// Changes to the bag made offline (docs/decisions/0026): kept on the device in order, shown as
// waiting, and sent when the connection returns. The server's answer wins: a change it refuses
// (a stock limit, a product that went away) is dropped and its reason shown to the shopper.
// Both lists are forgotten when the shopper's session ends (pwa/start.tsx).

export type QueuedChange =
  | { kind: 'add'; productId: number; variantId?: number; quantity: number; name: string }
  | { kind: 'quantity'; itemId: number; quantity: number; name: string }
  | { kind: 'remove'; itemId: number; name: string };

export const QUEUE_KEY = 'dwa-bag-queue';
export const REFUSED_KEY = 'dwa-bag-refused';

const listeners = new Set<() => void>();
const snapshots = new Map<string, { text: string | null; value: unknown[] }>();

function read<T>(key: string): T[] {
  let text: string | null = null;
  try {
    text = window.localStorage.getItem(key);
  } catch {
    // storage unavailable: nothing is queued
  }
  // One array per stored text, so that useSyncExternalStore sees a stable snapshot.
  const last = snapshots.get(key);
  if (last?.text === text) return last.value as T[];
  let value: unknown[] = [];
  try {
    const parsed: unknown = text ? JSON.parse(text) : [];
    if (Array.isArray(parsed)) value = parsed;
  } catch {
    // a broken list is dropped
  }
  snapshots.set(key, { text, value });
  return value as T[];
}

function write(key: string, value: readonly unknown[]) {
  try {
    if (value.length === 0) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // storage unavailable: the change is lost with the page, as without the queue
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === QUEUE_KEY || event.key === REFUSED_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function queuedChanges(): readonly QueuedChange[] {
  return read<QueuedChange>(QUEUE_KEY);
}

export function queueChange(change: QueuedChange) {
  write(QUEUE_KEY, [...queuedChanges(), change]);
}

/** The changes waiting for a connection, oldest first. */
export function useQueuedChanges(): readonly QueuedChange[] {
  return useSyncExternalStore(subscribe, queuedChanges, queuedChanges);
}

/** The server's reasons for refusing queued changes, until the shopper dismisses them. */
export function useRefusals(): readonly string[] {
  return useSyncExternalStore(subscribe, refusals, refusals);
}

function refusals(): readonly string[] {
  return read<string>(REFUSED_KEY);
}

export function dismissRefusals() {
  write(REFUSED_KEY, []);
}

/** Forgets the waiting changes and refusals: they belong to the shopper who signed out. */
export function forgetQueuedChanges() {
  write(QUEUE_KEY, []);
  write(REFUSED_KEY, []);
}

/** What a waiting change will do, in the shopper's words. */
export function describeChange(change: QueuedChange): string {
  switch (change.kind) {
    case 'add':
      return `Add ${change.name} (${String(change.quantity)})`;
    case 'quantity':
      return `Change ${change.name} to ${String(change.quantity)}`;
    case 'remove':
      return `Remove ${change.name}`;
  }
}

function send(change: QueuedChange): Promise<unknown> {
  switch (change.kind) {
    case 'add':
      return addToCart(change.productId, change.quantity, change.variantId);
    case 'quantity':
      return updateCartItem(change.itemId, change.quantity);
    case 'remove':
      return removeCartItem(change.itemId);
  }
}

/**
 * Whether the product or line went away meanwhile: a line answers 404, a product the API's
 * `product_id` (or a variant's `variant_id`) field error ('Invalid pk "31" - object does not exist.',
 * not for shoppers' eyes).
 */
function gone(error: ApiError): boolean {
  const body = error.body;
  return (
    error.status === 404 ||
    (typeof body === 'object' && body !== null && ('product_id' in body || 'variant_id' in body))
  );
}

let sending: Promise<void> | null = null;

/**
 * Sends the waiting changes in order, one run at a time. A refusal (4xx) drops the change and
 * keeps the server's reason; a lost connection or a server error stops, leaving the rest for the
 * next time.
 */
export function sendQueuedChanges(): Promise<void> {
  sending ??= sendAll().finally(() => {
    sending = null;
  });
  return sending;
}

async function sendAll() {
  for (let change = queuedChanges()[0]; change; change = queuedChanges()[0]) {
    try {
      await send(change);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) return;
      const reason = gone(error)
        ? 'This product is no longer available.'
        : (problemText(error) ?? 'The shop refused this change.');
      write(REFUSED_KEY, [...refusals(), `${describeChange(change)}: ${reason}`]);
    }
    write(QUEUE_KEY, queuedChanges().slice(1));
  }
}
