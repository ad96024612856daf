import { formatPrice } from '@/lib/money';

/** A fee as the shopper reads it: 'Free' or 'GH₵ 20.00'. */
export function feeText(fee: number): string {
  return fee === 0 ? 'Free' : formatPrice(fee);
}

/** When a door delivery arrives: 'today', or 'Tue 1 Dec – Thu 3 Dec'. */
export function arrivalText(promise: { from: string; to: string; same_day: boolean }): string {
  return promise.same_day ? 'today' : formatDayRange(promise.from, promise.to);
}

/** A cut-off hour as '14:00'. */
export function hourText(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00`;
}

// Delivery dates live here, not in lib/dates.ts: that module is in every page's first JS.

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
