import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Store } from '@/features/stores/api/get-stores';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';

const hub: Store = {
  id: 4,
  name: 'Nana Akua Premium Electronics & Home Appliances',
  logo: null,
  description: 'Genuine electronics with warranty, delivered anywhere in Ghana.',
  contact_info: '+233 30 200 0000',
  average_rating: 4.5,
  ratings_count: 12,
};

const card = {
  id: 1,
  name: 'X-Box Series S 512GB',
  description: '<p>Compact console.</p>',
  unit_price: '3899.00',
  images: [],
  inventory: 5,
  average_rating: 4,
};

/** The store answers `store`; the product list answers `results` and records what was asked. */
function serve(store: () => Response, results: unknown[] = [card]) {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get('/api/store/stores/4/', store),
    http.get('/api/store/products/', ({ request }) => {
      asked.push(new URL(request.url).searchParams);
      return HttpResponse.json({ count: results.length, next: null, previous: null, results });
    }),
    http.get('/api/store/wishlists/', () => HttpResponse.json([])),
  );
  return asked;
}

describe('store page', () => {
  it('shows the store, its verified rating, contact and its own products', async () => {
    const asked = serve(() => HttpResponse.json(hub));
    renderApp('/stores/4-nana-akua-premium-electronics-home-appliances');
    expect(await screen.findByRole('heading', { level: 1, name: hub.name })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Rated 4.5 out of 5' })).toBeInTheDocument();
    expect(screen.getByText('4.5 · 12 verified ratings')).toBeInTheDocument();
    expect(screen.getByText(hub.description)).toBeInTheDocument();
    expect(screen.getByText(hub.contact_info)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /X-Box Series S 512GB/ })).toBeInTheDocument();
    expect(asked[0]?.get('store')).toBe('4');
    expect(document.title).toBe(`${hub.name} · Dwa`);
  });

  it('passes the address’s filters and the chosen sort to the product list, for this store only', async () => {
    const asked = serve(() => HttpResponse.json(hub));
    const { location } = renderApp(
      '/stores/4-nana-akua-premium-electronics-home-appliances?in_stock=true&store=9',
    );
    await screen.findByRole('link', { name: /X-Box Series S 512GB/ });
    expect(asked[0]?.get('in_stock')).toBe('true');
    expect(asked[0]?.get('store')).toBe('4');
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), '-unit_price');
    await waitFor(() => {
      expect(asked.at(-1)?.get('ordering')).toBe('-unit_price');
    });
    expect(location.current.search).toContain('ordering=-unit_price');
  });

  it('moves an old or bare address to the current one, keeping its query', async () => {
    serve(() => HttpResponse.json(hub));
    const { location } = renderApp('/stores/4-old-name?ordering=name');
    await waitFor(() => {
      expect(location.current.pathname).toBe(
        '/stores/4-nana-akua-premium-electronics-home-appliances',
      );
    });
    expect(location.current.search).toBe('?ordering=name');
  });

  it('says when a store has no ratings and no products yet', async () => {
    serve(() => HttpResponse.json({ ...hub, average_rating: 0, ratings_count: 0 }), []);
    renderApp('/stores/4-nana-akua-premium-electronics-home-appliances');
    expect(await screen.findByText('No ratings yet')).toBeInTheDocument();
    expect(await screen.findByText('This store has no products on sale yet.')).toBeInTheDocument();
  });

  it('says a suspended or unknown store is not open, with a way to the directory', async () => {
    serve(() =>
      HttpResponse.json({ detail: 'No Store matches the given query.' }, { status: 404 }),
    );
    renderApp('/stores/4-gone');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Store not found' }),
    ).toBeInTheDocument();
    expect(screen.getByText('This store is not open on Dwa.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all stores' })).toHaveAttribute('href', '/stores');
  });

  it('says an address without a store id is not a store, without asking the server', async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/store/stores/:id/', ({ request }) => {
        asked.push(request.url);
        return HttpResponse.json(hub);
      }),
    );
    const { client } = renderApp('/stores/no-id-here');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Store not found' }),
    ).toBeInTheDocument();
    await waitFor(() => {
      expect(client.isFetching()).toBe(0);
    });
    expect(asked).toEqual([]);
  });

  it('offers to try again when the store fails to load', async () => {
    let fail = true;
    serve(() =>
      fail ? HttpResponse.json({ detail: 'boom' }, { status: 500 }) : HttpResponse.json(hub),
    );
    renderApp('/stores/4-nana-akua-premium-electronics-home-appliances');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to load store.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { level: 1, name: hub.name })).toBeInTheDocument();
  });
});
