import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/app/query-client';
import { server } from '@/test/server';
import { LIVE_STALE_TIME, useProduct } from './get-product';
import { useProductList } from './get-products';
import { useCategories } from './get-categories';

afterEach(() => {
  vi.useRealTimers();
});

/**
 * With the app's own query defaults, a product or list shown again a few seconds later is asked
 * for again (the server answers 304 when it did not change), while the category tree is kept
 * for its minute: stock and prices are never older than LIVE_STALE_TIME.
 */
describe('how long catalogue answers count as current', () => {
  it('re-reads products and lists after a few seconds, the category tree after a minute', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const reads = { product: 0, list: 0, categories: 0 };
    server.use(
      http.get('/api/store/products/7/', () => {
        reads.product += 1;
        return HttpResponse.json({ id: 7, inventory: 5 });
      }),
      http.get('/api/store/products/', () => {
        reads.list += 1;
        return HttpResponse.json({ count: 0, next: null, results: [] });
      }),
      http.get('/api/store/categories/', () => {
        reads.categories += 1;
        return HttpResponse.json([]);
      }),
    );
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const show = () => {
      const views = [
        renderHook(() => useProduct(7), { wrapper }),
        renderHook(() => useProductList({}), { wrapper }),
        renderHook(() => useCategories(), { wrapper }),
      ];
      return () => {
        views.forEach((v) => {
          v.unmount();
        });
      };
    };

    let hide = show();
    await waitFor(() => {
      expect(reads).toEqual({ product: 1, list: 1, categories: 1 });
    });
    hide();

    // Back within a second: everything is current, nothing is asked for.
    vi.setSystemTime(Date.now() + 1_000);
    hide = show();
    hide();
    expect(reads).toEqual({ product: 1, list: 1, categories: 1 });

    // Back after LIVE_STALE_TIME: products and lists are revalidated, categories are not.
    vi.setSystemTime(Date.now() + LIVE_STALE_TIME);
    hide = show();
    await waitFor(() => {
      expect(reads).toEqual({ product: 2, list: 2, categories: 1 });
    });
    hide();
  });
});
