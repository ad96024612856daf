// App-wide signals between parts that must not import each other (spec §4): the header re-reads
// the bag's count on `cartUpdated`; `forcedLogout` (a failed token refresh) signs the shopper out
// and opens the login dialog.

export type AppEvent = 'cartUpdated' | 'forcedLogout';

export function emit(event: AppEvent) {
  window.dispatchEvent(new Event(event));
}

/** Listens for `event`; returns the function that stops listening (an effect's cleanup). */
export function on(event: AppEvent, handler: () => void): () => void {
  window.addEventListener(event, handler);
  return () => {
    window.removeEventListener(event, handler);
  };
}
