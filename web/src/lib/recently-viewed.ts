/**
 * The products this shopper opened, newest first, kept on the device only (localStorage; ADR
 * 0022): at most MAX_RECENT ids, nothing else, and gone when the shopper's data is cleared
 * (app/clear-shopper-data.ts). Storage that is full, disabled or holds something else is treated
 * as empty.
 */
export const RECENT_KEY = 'dwa:recently-viewed';
export const MAX_RECENT = 12;

export function recentlyViewed(): number[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(RECENT_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter((id): id is number => Number.isSafeInteger(id) && (id as number) > 0)
      .slice(0, MAX_RECENT);
  } catch {
    return [];
  }
}

/** Puts `id` first (once), dropping the oldest past MAX_RECENT. */
export function rememberViewed(id: number) {
  if (!Number.isSafeInteger(id) || id < 1) return;
  const ids = [id, ...recentlyViewed().filter((x) => x !== id)].slice(0, MAX_RECENT);
  try {
    window.localStorage.setItem(RECENT_KEY, JSON.stringify(ids));
  } catch {
    // Private mode or a full storage: the rail just stays as it was.
  }
}

export function forgetViewed() {
  try {
    window.localStorage.removeItem(RECENT_KEY);
  } catch {
    // Nothing kept, nothing to forget.
  }
}
