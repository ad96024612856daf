import { vi } from 'vitest';

/** What a test sees of a stream the app opened: its address, and messages to dispatch to it. */
type FakeStream = EventTarget & { readonly url: string };

/**
 * Puts a stand-in for the browser's EventSource in place (undone by `vi.unstubAllGlobals`); each
 * stream opens at once and lands in the returned list, in the order the app opened them.
 */
export function stubEventSource(): FakeStream[] {
  const opened: FakeStream[] = [];
  class FakeEventSource extends EventTarget {
    onopen: (() => void) | null = null;
    onerror: (() => void) | null = null;
    readonly url: string;
    constructor(url: string) {
      super();
      this.url = url;
      opened.push(this);
      queueMicrotask(() => this.onopen?.());
    }
    close() {
      /* nothing to release */
    }
  }
  vi.stubGlobal('EventSource', FakeEventSource);
  return opened;
}
