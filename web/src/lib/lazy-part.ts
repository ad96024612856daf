import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

// After a deploy, an open tab may ask for a chunk that no longer exists. The cure is one
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

/**
 * Loads a module for `React.lazy`: a failure reloads the page once (and keeps the lazy component
 * waiting meanwhile, rather than flashing an error); a later failure goes to the error boundary.
 * A success re-arms the guard, so the next deploy gets its reload too.
 */
export async function loadOnce<M>(load: () => Promise<M>, reload: () => void = reloadPage) {
  try {
    const module = await load();
    try {
      window.sessionStorage.removeItem(RELOAD_FLAG);
    } catch {
      // storage unavailable: nothing to re-arm
    }
    return module;
  } catch (error) {
    // Offline, a reload cannot fetch the chunk either (and, with another part loading fine and
    // re-arming the guard, would reload the page over and over): the part waits for the
    // connection instead, showing its fallback meanwhile.
    if (!navigator.onLine) {
      await new Promise((resolve) => {
        window.addEventListener('online', resolve, { once: true });
      });
      return loadOnce(load, reload);
    }
    if (reloadOnce(reload)) return new Promise<never>(() => undefined);
    throw error;
  }
}

/** A lazily loaded part whose code can be asked for before it is first rendered. */
export type LazyPart<P extends object> = LazyExoticComponent<ComponentType<P>> & {
  /** Loads the part's code; once it is here, the part renders at once, without suspending. */
  preload: () => Promise<unknown>;
};

/** `React.lazy` for pages and on-demand parts (dialogs, menus), with the reload-once cure. */
export function lazyPart<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): LazyPart<P> {
  type Module = { default: ComponentType<P> };
  let loaded: Module | undefined;
  let loading: Promise<Module> | undefined;
  const preload = () => (loading ??= loadOnce(load).then((module) => (loaded = module)));
  const part = lazy(() => {
    if (!loaded) return preload();
    // React.lazy takes a thenable that answers at once as already resolved: a preloaded part's
    // first render does not show its fallback for a frame.
    const module = loaded;
    const ready = {
      then: (resolve: (m: Module) => void) => {
        resolve(module);
      },
    };
    return ready as unknown as Promise<Module>;
  });
  return Object.assign(part, { preload });
}
