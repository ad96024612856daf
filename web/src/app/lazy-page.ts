import type { ComponentType } from 'react';

// After a deploy, an open tab may ask for a route chunk that no longer exists. The cure is one
// full reload (which fetches the new index.html and chunk names); the sessionStorage flag makes
// sure a chunk that keeps failing shows the error page instead of reloading forever.
export const RELOAD_FLAG = 'dwa:chunk-reload';

function reloadPage() {
  window.location.reload();
}

/** Reloads the page unless this session already did so for a failed chunk. */
export function reloadOnce(reload: () => void = reloadPage): boolean {
  try {
    if (window.sessionStorage.getItem(RELOAD_FLAG) !== null) return false;
    window.sessionStorage.setItem(RELOAD_FLAG, String(Date.now()));
  } catch {
    return false; // no storage, no guard: never risk a loop
  }
  reload();
  return true;
}

/** A React Router `lazy` for a route module whose default export is the page. */
export function lazyPage(
  load: () => Promise<{ default: ComponentType }>,
  reload: () => void = reloadPage,
) {
  return async () => {
    try {
      const module = await load();
      try {
        window.sessionStorage.removeItem(RELOAD_FLAG); // loading works again: re-arm the guard
      } catch {
        // storage unavailable: nothing to re-arm
      }
      return { Component: module.default };
    } catch (error) {
      // While the page reloads, keep the router waiting rather than flashing an error.
      if (reloadOnce(reload)) return new Promise<never>(() => undefined);
      throw error;
    }
  };
}
