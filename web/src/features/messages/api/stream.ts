import { useEffect, useRef, useState } from 'react';
import { buildUrl } from '@/lib/api/client';
import { streamTicket, type Message } from './messages';

const FIRST_RETRY_MS = 1000;
const LAST_RETRY_MS = 60_000;

/**
 * The live stream of received messages (contract §2.7): a fresh single-use ticket opens each
 * connection (EventSource cannot send the bearer header), and a dropped or ended stream is
 * reopened with a new ticket after a growing pause, asking for what was missed since the last
 * message seen. Returns whether the stream is up, so the 10-second poll can stand in while not.
 */
export function useMessageStream(onMessage: (message: Message) => void): boolean {
  const [live, setLive] = useState(false);
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
      setLive(false);
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
        setLive(true);
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
    };
  }, []);

  return live;
}
