// Delivery dates live here, not in lib/dates.ts: that module is in every page's first JS, and
// only order and back-office pages show promised dates (vite.config.ts keeps this one out).

/**
 * A calendar date of a delivery promise ('2026-12-01'; Ghana's day is UTC's) as 'Tue 1 Dec'. The
 * spaces are no-break spaces: a date never wraps inside itself.
 */
export function formatDay(day: string): string {
  return new Date(`${day}T00:00:00Z`)
    .toLocaleDateString('en-GB', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    })
    .replace(/,?\s+/g, '\u00a0');
}

/** 'Tue 1 Dec – Thu 3 Dec', or one day when the range is a single day. */
export function formatDayRange(from: string, to: string): string {
  return from === to ? formatDay(from) : `${formatDay(from)} – ${formatDay(to)}`;
}
