import { describe, expect, it } from 'vitest';
import { ApiError } from './client';
import { problemText } from './problem';

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
