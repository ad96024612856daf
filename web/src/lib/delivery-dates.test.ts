import { describe, expect, it } from 'vitest';
import { formatDay, formatDayRange } from './delivery-dates';

describe('delivery dates', () => {
  it('reads a calendar date as Ghana does, its spaces no-break', () => {
    expect(formatDay('2026-12-01')).toBe('Tue\u00a01\u00a0Dec');
    // A date is the day itself, whatever the device's time zone.
    expect(formatDay('2027-01-01')).toBe('Fri\u00a01\u00a0Jan');
  });

  it('gives a range, or one day when it starts and ends the same day', () => {
    expect(formatDayRange('2026-12-01', '2026-12-03')).toBe(
      'Tue\u00a01\u00a0Dec – Thu\u00a03\u00a0Dec',
    );
    expect(formatDayRange('2026-12-01', '2026-12-01')).toBe('Tue\u00a01\u00a0Dec');
  });
});
