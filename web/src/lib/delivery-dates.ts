// Delivery dates live here, not in lib/dates.ts: that module is in every page's first JS, and
// only the pages that promise a date need these (vite.config.ts keeps this one out).
import { MONTHS } from './dates';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/**
 * A calendar date of a delivery promise ('2026-12-01'; Ghana's day is UTC's) as 'Tue 1 Dec'. The
 * spaces are no-break spaces: a date never wraps inside itself. Written by hand (lib/dates.ts).
 */
export function formatDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  return [WEEKDAYS[d.getUTCDay()], String(d.getUTCDate()), MONTHS[d.getUTCMonth()]].join('\u00a0');
}

/** 'Tue 1 Dec – Thu 3 Dec', or one day when the range is a single day. */
export function formatDayRange(from: string, to: string): string {
  return from === to ? formatDay(from) : `${formatDay(from)} – ${formatDay(to)}`;
}
