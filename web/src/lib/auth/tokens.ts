// The session lives in localStorage under the keys `access` and `refresh` (spec §3), and the
// page to return to after signing in under `next` (spec §4). Storage can throw (privacy modes,
// disabled storage): reading then means "nothing stored" and writing is skipped.

const ACCESS = 'access';
const REFRESH = 'refresh';
const NEXT = 'next';

type Listener = () => void;
const listeners = new Set<Listener>();

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null) {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // storage unavailable: the session lasts as long as the page
  }
}

function notify() {
  for (const listener of listeners) listener();
}

export function getAccessToken(): string | null {
  return read(ACCESS);
}

export function getRefreshToken(): string | null {
  return read(REFRESH);
}

export function setTokens(access: string, refresh?: string) {
  write(ACCESS, access);
  if (refresh !== undefined) write(REFRESH, refresh);
  notify();
}

export function clearTokens() {
  write(ACCESS, null);
  write(REFRESH, null);
  notify();
}

/**
 * Calls `listener` whenever the tokens change, in this tab or (through the `storage` event)
 * in another one, so signing out in one tab signs out all of them.
 */
export function subscribeTokens(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === ACCESS || event.key === REFRESH) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The `exp` claim (seconds) of a JWT, or null when the token cannot be read. */
function expiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims = JSON.parse(json) as { exp?: unknown };
    return typeof claims.exp === 'number' ? claims.exp : null;
  } catch {
    return null;
  }
}

/** Spec §5: a token is expired when `exp` is earlier than the current time in seconds. */
export function isExpired(token: string, nowMs = Date.now()): boolean {
  const exp = expiry(token);
  return exp === null || exp < Math.floor(nowMs / 1000);
}

export function saveNextPath(path: string) {
  write(NEXT, path);
}

/** The saved `next` path, removed as it is read. */
export function takeNextPath(): string | null {
  const next = read(NEXT);
  if (next !== null) write(NEXT, null);
  return next;
}
