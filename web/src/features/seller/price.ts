import { toPesewas } from '@/lib/money';

// The seller's price field is text, checked here by the server's own rule: digits with optional
// thousands commas (in threes: '1,234' not '12,34'), up to 2 decimals, more than zero.

export const PRICE_HINT = 'In GH₵, e.g. 1,234.50';
export const PRICE_INVALID = 'Enter a price in GH₵ like 1,234.50.';
export const PRICE_ZERO = 'The price must be more than GH₵ 0.00.';

const PRICE = /^(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{1,2})?$/;

/** What is wrong with a typed price, or '' when it is fine. */
export function priceError(text: string): string {
  const value = text.trim();
  if (!PRICE.test(value)) return PRICE_INVALID;
  return toPesewas(value.replace(/,/g, '')) === 0 ? PRICE_ZERO : '';
}

export const WAS_PRICE_LOW = 'The price before the deal must be higher than the price.';

/** What is wrong with a typed price before a deal ('' for none), or '' when it is fine. */
export function wasPriceError(was: string, price: string): string {
  if (was.trim() === '') return '';
  const problem = priceError(was);
  if (problem) return problem;
  const before = toPesewas(was.trim().replace(/,/g, ''));
  const now = toPesewas(price.trim().replace(/,/g, ''));
  return before !== null && now !== null && before <= now ? WAS_PRICE_LOW : '';
}

/** A stored `unit_price` ("1234.50") as the field shows it ("1,234.50"). */
export function priceText(unitPrice: string): string {
  const pesewas = toPesewas(unitPrice);
  if (pesewas === null) return unitPrice;
  const cedis = String(Math.floor(pesewas / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${cedis}.${String(pesewas % 100).padStart(2, '0')}`;
}

export const INVENTORY_MAX = 1_000_000;
export const INVENTORY_INVALID = 'Enter a whole number from 0 to 1,000,000.';

/** What is wrong with a typed stock count, or '' when it is fine. */
export function inventoryError(text: string): string {
  const value = text.trim();
  return /^\d{1,7}$/.test(value) && Number(value) <= INVENTORY_MAX ? '' : INVENTORY_INVALID;
}
