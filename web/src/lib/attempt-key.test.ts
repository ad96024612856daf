import { describe, expect, it } from 'vitest';
import { attemptKeys } from './attempt-key';

describe('attemptKeys', () => {
  it('keeps the key while the body stays the same', () => {
    const keyFor = attemptKeys();
    const first = keyFor({ shipping_address: 'Osu', contact_info: '0241234567' });
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(keyFor({ shipping_address: 'Osu', contact_info: '0241234567' })).toBe(first);
  });

  it('starts a new attempt when the body changes', () => {
    const keyFor = attemptKeys();
    const first = keyFor({ shipping_address: 'Osu', contact_info: '0241234567' });
    const second = keyFor({ shipping_address: 'Osu, Accra', contact_info: '0241234567' });
    expect(second).not.toBe(first);
    expect(keyFor({ shipping_address: 'Osu', contact_info: '0241234567' })).not.toBe(first);
  });

  it('gives separate forms separate keys', () => {
    expect(attemptKeys()({ a: 1 })).not.toBe(attemptKeys()({ a: 1 }));
  });
});
