import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';

const card = {
  id: 1,
  name: 'X-Box Series S 512GB',
  description: '<p>Compact console.</p>',
  unit_price: '3899.00',
  images: [],
  inventory: 5,
  average_rating: 0,
};

/** The product list answers `results`; reported missed searches are collected. */
function searching(results: unknown[]) {
  const reported: unknown[] = [];
  server.use(
    http.get('/api/store/products/', () =>
      HttpResponse.json({ count: results.length, next: null, previous: null, results }),
    ),
    http.post('/api/analytics/searches/', async ({ request }) => {
      reported.push(await request.json());
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return reported;
}

describe('search results', () => {
  it('reports a search that found nothing, as it was searched', async () => {
    const reported = searching([]);
    renderApp('/search?query=Xbox%20One%20X');
    expect(await screen.findByText('No products found.')).toBeInTheDocument();
    await waitFor(() => {
      expect(reported).toEqual([{ query: 'x-box One X' }]);
    });
  });

  it('reports nothing when the search finds products', async () => {
    const reported = searching([card]);
    renderApp('/search?query=series');
    expect(await screen.findByText('X-Box Series S 512GB')).toBeInTheDocument();
    // The page has settled: any report would have been sent with the list.
    await new Promise((r) => setTimeout(r, 50));
    expect(reported).toEqual([]);
  });
});
