import { describe, expect, it } from 'vitest';
import {
  INVENTORY_INVALID,
  inventoryError,
  PRICE_INVALID,
  PRICE_ZERO,
  priceError,
  priceText,
} from './price';

describe('price rule', () => {
  it.each(['1', '0.5', '1234', '1234.5', '1234.50', '1,234.50', '12,345,678', ' 99.99 ', '001'])(
    'accepts %j',
    (text) => {
      expect(priceError(text)).toBe('');
    },
  );

  it.each([
    '',
    ' ',
    'abc',
    '1.234',
    '12,34',
    '1,2345',
    ',123',
    '1,234,',
    '1.',
    '.50',
    '-5',
    '+5',
    '1 234',
    'GH₵ 5',
    '5e3',
    '1,234.567',
  ])('rejects %j', (text) => {
    expect(priceError(text)).toBe(PRICE_INVALID);
  });

  it.each(['0', '0.00', '0,000.0'])('rejects the zero price %j', (text) => {
    expect(priceError(text)).toBe(PRICE_ZERO);
  });

  it('shows a stored price with thousands commas', () => {
    expect(priceText('1234.50')).toBe('1,234.50');
    expect(priceText('1234567.5')).toBe('1,234,567.50');
    expect(priceText('0.99')).toBe('0.99');
  });
});

describe('inventory rule', () => {
  it.each(['0', '25', '1000000', ' 7 '])('accepts %j', (text) => {
    expect(inventoryError(text)).toBe('');
  });

  it.each(['', '-1', '1.5', '1000001', '9999999', '1,000', 'ten', '10000000'])(
    'rejects %j',
    (text) => {
      expect(inventoryError(text)).toBe(INVENTORY_INVALID);
    },
  );
});
