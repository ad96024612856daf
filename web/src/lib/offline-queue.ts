import { useSyncExternalStore } from 'react';
import { ApiError } from '@/lib/api/client';
import { problemText } from '@/lib/api/problem';

// Changes made offline (docs/decisions/0026), one queue per kind of thing changed (the bag, the
// wishlist): kept on the device in order, shown as waiting, and sent when the connection returns.
// The server's answer wins: a change it refuses (a stock limit, a product that went away) is
// dropped and its reason kept for the shopper; a change the server finds already made is dropped
// quietly. Every queue is forgotten when the shopper's session ends (pwa/start.tsx).

export interface OfflineQueueOptions<C> {
  /** localStorage keys of the waiting changes and of the refusals' reasons. */
  key: string;
  refusedKey: string;
  send: (change: C) => Promise<unknown>;
  /** What the change will do, in the shopper's words. */
  describe: (change: C) => string;
  /**
   * What a refusal (a 4xx) means for the shopper, shown after the change's description; null when
   * the refusal says the change was made already (a duplicate), which is then dropped quietly.
   */
  refusal: (change: C, error: ApiError) => string | null;
}

export interface OfflineQueue<C> {
  /** The waiting changes, oldest first. */
  changes: () => readonly C[];
  queue: (change: C) => void;
  /** Replaces the waiting changes (a change undone before it was sent is taken out). */
  replace: (changes: readonly C[]) => void;
  useChanges: () => readonly C[];
  /** The server's reasons for refusing changes, until the shopper dismisses them. */
  useRefusals: () => readonly string[];
  refusals: () => readonly string[];
  dismissRefusals: () => void;
  /** Forgets the waiting changes and refusals: they belong to the shopper who signed out. */
  forget: () => void;
  /**
   * Sends the waiting changes in order, one run at a time, and says how many the server answered
   * (made or refused). A lost connection or a server error stops the run, leaving the rest.
   */
  send: () => Promise<number>;
  describe: (change: C) => string;
}

export function offlineQueue<C>(options: OfflineQueueOptions<C>): OfflineQueue<C> {
  const { key, refusedKey } = options;
  const listeners = new Set<() => void>();
  const snapshots = new Map<string, { text: string | null; value: unknown[] }>();

  function read<T>(name: string): T[] {
    let text: string | null = null;
    try {
      text = window.localStorage.getItem(name);
    } catch {
      // storage unavailable: nothing is queued
    }
    // One array per stored text, so that useSyncExternalStore sees a stable snapshot.
    const last = snapshots.get(name);
    if (last?.text === text) return last.value as T[];
    let value: unknown[] = [];
    try {
      const parsed: unknown = text ? JSON.parse(text) : [];
      if (Array.isArray(parsed)) value = parsed;
    } catch {
      // a broken list is dropped
    }
    snapshots.set(name, { text, value });
    return value as T[];
  }

  function write(name: string, value: readonly unknown[]) {
    try {
      if (value.length === 0) window.localStorage.removeItem(name);
      else window.localStorage.setItem(name, JSON.stringify(value));
    } catch {
      // storage unavailable: the change is lost with the page, as without the queue
    }
    for (const listener of listeners) listener();
  }

  // Another tab's changes arrive as storage events.
  function subscribe(listener: () => void) {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === key || event.key === refusedKey) listener();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  }

  const changes = () => read<C>(key);
  const refusals = () => read<string>(refusedKey);

  async function sendAll() {
    let answered = 0;
    for (let change = changes()[0]; change !== undefined; change = changes()[0]) {
      try {
        await options.send(change);
      } catch (error) {
        if (!(error instanceof ApiError) || error.status >= 500) return answered;
        const reason = options.refusal(change, error);
        if (reason !== null)
          write(refusedKey, [...refusals(), `${options.describe(change)}: ${reason}`]);
      }
      answered += 1;
      write(key, changes().slice(1));
    }
    return answered;
  }

  let sending: Promise<number> | null = null;

  return {
    changes,
    refusals,
    describe: options.describe,
    queue: (change) => {
      write(key, [...changes(), change]);
    },
    replace: (next) => {
      write(key, next);
    },
    useChanges: () => useSyncExternalStore(subscribe, changes, changes),
    useRefusals: () => useSyncExternalStore(subscribe, refusals, refusals),
    dismissRefusals: () => {
      write(refusedKey, []);
    },
    forget: () => {
      write(key, []);
      write(refusedKey, []);
    },
    send: () => {
      sending ??= sendAll().finally(() => {
        sending = null;
      });
      return sending;
    },
  };
}

/** The server's own words for a refusal, or `fallback` when it gave none readable. */
export function refusalText(error: ApiError, fallback: string): string {
  return problemText(error) ?? fallback;
}

export const GONE = 'This product is no longer available.';
