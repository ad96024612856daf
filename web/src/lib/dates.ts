// Dates are written by hand, not with Intl: a page's first Intl date formatter loads the
// browser's locale data, 60–160 ms of main thread in Chromium on this project's machine (more on
// a cheap phone), and on the product page that was the longest task after its first render.
// Ghana keeps GMT all year, no daylight saving, so its wall clock is UTC's and no time-zone data is
// needed. The texts are those of Intl's en-GB (dates.test.ts compares them).

/** en-GB's short month names ('Sept', as Intl writes it). */
export const MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sept',
  'Oct',
  'Nov',
  'Dec',
] as const;

const two = (n: number) => String(n).padStart(2, '0');

/** A day as shoppers in Ghana read it: '1 Mar 2026'. */
export function formatDate(iso: string): string {
  const d = new Date(iso);
  return `${String(d.getUTCDate())} ${MONTHS[d.getUTCMonth()]} ${String(d.getUTCFullYear())}`;
}

/** A timestamp as shoppers in Ghana read it: '1 Mar 2026, 09:10'. */
export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  return `${formatDate(iso)}, ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
}
