import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate, formatDateTime } from './dates';
import { formatDay } from './delivery-dates';

// Instants spread over four years, every month and hour, both sides of midnight UTC.
const instants = Array.from({ length: 500 }, (_, i) =>
  new Date(Date.UTC(2025, 0, 1) + i * 2_903_917_000 /* ≈ 33.6 days + 37 min */).toISOString(),
);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('dates written by hand', () => {
  it("read as Intl's en-GB writes them in Ghana's time zone", () => {
    for (const iso of instants) {
      const accra = { timeZone: 'Africa/Accra' } as const;
      expect(formatDateTime(iso)).toBe(
        new Date(iso).toLocaleString('en-GB', {
          ...accra,
          day: 'numeric',
          month: 'short',
          year: 'numeric',
          hour: '2-digit',
          minute: '2-digit',
        }),
      );
      expect(formatDate(iso)).toBe(
        new Date(iso).toLocaleDateString('en-GB', { ...accra, dateStyle: 'medium' }),
      );
      const day = iso.slice(0, 10);
      expect(formatDay(day)).toBe(
        new Date(`${day}T00:00:00Z`)
          .toLocaleDateString('en-GB', {
            weekday: 'short',
            day: 'numeric',
            month: 'short',
            timeZone: 'UTC',
          })
          .replace(/,?\s+/g, '\u00a0'),
      );
    }
  });

  it('never load Intl (its locale data costs a page tens of milliseconds)', () => {
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    const local = vi.spyOn(Date.prototype, 'toLocaleString');
    const localDate = vi.spyOn(Date.prototype, 'toLocaleDateString');
    formatDateTime('2026-03-01T09:10:00Z');
    formatDate('2026-03-01T09:10:00Z');
    formatDay('2026-03-01');
    expect(made).not.toHaveBeenCalled();
    expect(local).not.toHaveBeenCalled();
    expect(localDate).not.toHaveBeenCalled();
  });

  it('examples', () => {
    expect(formatDateTime('2026-03-01T09:10:00Z')).toBe('1 Mar 2026, 09:10');
    expect(formatDate('2026-09-30T23:59:00Z')).toBe('30 Sept 2026');
    expect(formatDay('2026-12-01')).toBe('Tue\u00a01\u00a0Dec');
  });
});
