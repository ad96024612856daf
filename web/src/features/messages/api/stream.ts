import { useEffect, useRef, useSyncExternalStore } from 'react';
import { buildUrl } from '@/lib/api/client';
import { streamTicket, type Message } from './messages';

const FIRST_RETRY_MS = 1000;
const LAST_RETRY_MS = 60_000;

// Whether the app's one stream is up. One stream serves every page (the server allows a user
// three, shared by their tabs), so it is opened by the header and read here by the pages that
// would otherwise poll.
let streamUp = false;
const watchers = new Set<() => void>();

function setStreamUp(up: boolean) {
  if (up === streamUp) return;
  streamUp = up;
  for (const watcher of watchers) watcher();
}

function watchStream(watcher: () => void) {
  watchers.add(watcher);
  return () => {
    watchers.delete(watcher);
  };
}

/** Whether the live stream is up, so that a page polls only while it is not. */
export function useStreamLive(): boolean {
  return useSyncExternalStore(
    watchStream,
    () => streamUp,
    () => false,
  );
}

/**
 * The live stream of received messages (contract §2.7): a fresh single-use ticket opens each
 * connection (EventSource cannot send the bearer header), and a dropped or ended stream is
 * reopened with a new ticket after a growing pause, asking for what was missed since the last
 * message seen. Whether it is up is told by `useStreamLive`, so the 10-second poll can stand in
 * while not. The app opens one (the header's messages link).
 */
export function useMessageStream(onMessage: (message: Message) => void): void {
  const handler = useRef(onMessage);
  useEffect(() => {
    handler.current = onMessage;
  });

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let timer: number | undefined;
    let stopped = false;
    let lastId = '';
    let pause = FIRST_RETRY_MS;

    function retry() {
      setStreamUp(false);
      if (stopped) return;
      timer = window.setTimeout(() => void connect(), pause);
      pause = Math.min(pause * 2, LAST_RETRY_MS);
    }

    async function connect() {
      let ticket: string;
      try {
        ticket = await streamTicket();
      } catch {
        retry();
        return;
      }
      if (stopped) return;
      const url = buildUrl('/store/messages/stream/', undefined, {
        ticket,
        last_event_id: lastId || undefined,
      });
      const stream = new EventSource(url);
      source = stream;
      stream.onopen = () => {
        setStreamUp(true);
        pause = FIRST_RETRY_MS;
      };
      stream.addEventListener('message', (event) => {
        if (event.lastEventId) lastId = event.lastEventId;
        handler.current(JSON.parse(event.data as string) as Message);
      });
      // The browser would reconnect with the same, now spent, ticket: take over instead.
      stream.onerror = () => {
        stream.close();
        source = null;
        retry();
      };
    }

    void connect();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      source?.close();
      setStreamUp(false);
    };
  }, []);
}
