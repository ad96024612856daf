import { describe, expect, it } from 'vitest';
import { formatPrice, MISSING_PRICE } from './money';

describe('formatPrice', () => {
  it.each([
    ['3899.00', 'GH₵ 3,899.00'],
    ['1234.5', 'GH₵ 1,234.50'],
    [37.5, 'GH₵ 37.50'],
    [1250, 'GH₵ 1,250.00'],
    [0, 'GH₵ 0.00'],
    ['0.1', 'GH₵ 0.10'],
    // As a float 1234567.895 is 1234567.89499…, so toFixed(2) would round it down.
    ['1234567.895', 'GH₵ 1,234,567.90'],
    ['19.994', 'GH₵ 19.99'],
  ])('%s → %s', (amount, text) => {
    // A no-break space: a price never wraps between 'GH₵' and the amount.
    expect(formatPrice(amount)).toBe(text.replace(' ', '\u00a0'));
  });

  it.each([null, undefined, '', 'abc'])('%s has no price', (amount) => {
    expect(formatPrice(amount)).toBe(MISSING_PRICE);
    expect(MISSING_PRICE).toBe('Special Price Available Upon Checkout');
  });
});
