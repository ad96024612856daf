import { describe, expect, it } from 'vitest';
import { fakeJwt } from '@/test/tokens';
import { isExpired, saveNextPath, takeNextPath } from './tokens';

describe('tokens', () => {
  it('reads expiry from the exp claim (spec §5)', () => {
    expect(isExpired(fakeJwt(60))).toBe(false);
    expect(isExpired(fakeJwt(-1))).toBe(true);
    expect(isExpired('not-a-jwt')).toBe(true);
  });

  it('keeps the next path until it is taken', () => {
    saveNextPath('/cart');
    expect(takeNextPath()).toBe('/cart');
    expect(takeNextPath()).toBeNull();
  });
});
