import { describe, expect, it } from 'vitest';
import { formatOrderId } from './order-id';

describe('formatOrderId', () => {
  it('is # and the first block of the UUID in capitals', () => {
    expect(formatOrderId('9f1c2b7e-5d4a-4e8b-9a61-0c2f3d4e5a6b')).toBe('#9F1C2B7E');
  });
});
