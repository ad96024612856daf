import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QUEUE_KEY, queueChange } from '@/features/cart/api/offline-queue';
import {
  WISHLIST_QUEUE_KEY,
  WISHLIST_REFUSED_KEY,
  saveOffline,
} from '@/features/wishlist/api/offline-queue';
import { clearTokens, setTokens } from '@/lib/auth/tokens';
import { fakeJwt } from '@/test/tokens';
import { SHOPPER_CACHE, start } from './start';

describe('signing out', () => {
  afterEach(() => {
    Reflect.deleteProperty(window, 'caches');
    document.body.innerHTML = '';
  });

  it("forgets the bag's and the wishlist's waiting changes and the shopper's cached answers", () => {
    const deleted = vi.fn((name: string) => Promise.resolve(name !== ''));
    Object.defineProperty(window, 'caches', { value: { delete: deleted }, configurable: true });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    setTokens(fakeJwt(600));
    start(new QueryClient());
    saveOffline(101, 'Xbox Controller');
    queueChange({ kind: 'add', productId: 7, quantity: 1, name: 'Tecno Spark' });
    localStorage.setItem(WISHLIST_REFUSED_KEY, JSON.stringify(['x']));
    expect(deleted).not.toHaveBeenCalled();

    clearTokens();
    expect(localStorage.getItem(WISHLIST_QUEUE_KEY)).toBeNull();
    expect(localStorage.getItem(WISHLIST_REFUSED_KEY)).toBeNull();
    expect(localStorage.getItem(QUEUE_KEY)).toBeNull();
    expect(deleted).toHaveBeenCalledWith(SHOPPER_CACHE);
  });
});
