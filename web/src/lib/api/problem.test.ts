import { describe, expect, it } from 'vitest';
import { ApiError } from './client';
import { hasProblemCode, problemText } from './problem';

describe('problemText', () => {
  it.each([
    [
      'a detail',
      new ApiError(409, { detail: 'Only 1 left of Xbox.', code: 'insufficient_stock' }),
      'Only 1 left of Xbox.',
    ],
    [
      'field errors',
      new ApiError(400, {
        contact_info: ['Enter a valid phone number.'],
        shipping_address: ['This field may not be blank.'],
      }),
      'Enter a valid phone number. This field may not be blank.',
    ],
    [
      'a server error',
      new ApiError(500, { detail: 'Internal server error.', code: 'server_error' }),
      null,
    ],
    ['a body without messages', new ApiError(400, 'oops'), null],
    ['a network failure', new TypeError('Failed to fetch'), null],
  ])('reads %s', (_, error, want) => {
    expect(problemText(error)).toBe(want);
  });
});

describe('hasProblemCode', () => {
  const refusal = new ApiError(409, { detail: 'Stock changed.', code: 'stock_changed' });
  it.each([
    ['the status and code', refusal, true],
    ['another code', new ApiError(409, { code: 'payment_in_progress' }), false],
    ['another status', new ApiError(400, { code: 'stock_changed' }), false],
    ['a body without a code', new ApiError(409, { detail: 'Stock changed.' }), false],
    ['a body that is not an object', new ApiError(409, 'stock_changed'), false],
    ['a network failure', new TypeError('Failed to fetch'), false],
  ])('matches %s only', (_, error, want) => {
    expect(hasProblemCode(error, 409, 'stock_changed')).toBe(want);
  });
});
