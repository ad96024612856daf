import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
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
    http.get('/api/store/search/corrections/', () => HttpResponse.json({ suggestions: [] })),
    http.get('/api/store/categories/', () => HttpResponse.json([])),
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
    const fetches = vi.spyOn(globalThis, 'fetch');
    renderApp('/search?query=series');
    expect(await screen.findByText('X-Box Series S 512GB')).toBeInTheDocument();
    // A report is sent from an effect of the render that shows the results, and testing-library
    // has run that render's effects by the time the results are found: nothing to wait for.
    const reports = fetches.mock.calls.filter(([input]) =>
      (input instanceof Request ? input.url : String(input)).includes('/analytics/searches/'),
    );
    expect(reports).toEqual([]);
    expect(reported).toEqual([]);
  });
});
