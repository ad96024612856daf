import { formatDayRange } from '@/lib/delivery-dates';
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
