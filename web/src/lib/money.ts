// Prices arrive as 2-decimal strings ("3899.00") or, for computed totals, as JSON numbers with
// trailing zeros dropped (37.5). They are read as decimal text into whole pesewas, so no binary
// floating point ever touches an amount (design.md §3: 'GH₵ 1,234.50').

export const MISSING_PRICE = 'Special Price Available Upon Checkout';

const DECIMAL = /^(-?)(\d+)(?:\.(\d*))?$/;

/** Whole pesewas of a decimal amount, rounded half up at the third decimal; null if unreadable. */
export function toPesewas(amount: string | number): number | null {
  const match = DECIMAL.exec(String(amount).trim());
  if (!match) return null;
  const [, sign = '', cedis = '0', fraction = ''] = match;
  const digits = `${fraction}000`;
  let pesewas = Number(cedis) * 100 + Number(digits.slice(0, 2));
  if (Number(digits[2]) >= 5) pesewas += 1;
  return sign === '-' ? -pesewas : pesewas;
}

/**
 * 'GH₵ 1,234.50' from pesewas. The space is a no-break space (U+00A0): a price never wraps
 * between the currency and the amount.
 */
export function formatPesewas(pesewas: number): string {
  const sign = pesewas < 0 ? '-' : '';
  const abs = Math.abs(pesewas);
  const cedis = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}GH₵\u00a0${cedis}.${String(abs % 100).padStart(2, '0')}`;
}

/** The price text of the spec (§9): 'GH₵ 1,234.50', or its text for a missing price. */
export function formatPrice(amount: string | number | null | undefined): string {
  if (amount === null || amount === undefined || amount === '') return MISSING_PRICE;
  const pesewas = toPesewas(amount);
  return pesewas === null ? MISSING_PRICE : formatPesewas(pesewas);
}
