import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Store } from '@/features/stores/api/get-stores';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';

const store = (id: number, name: string, rating = 0, count = 0): Store => ({
  id,
  name,
  logo: null,
  description: `Sells ${name} things.`,
  contact_info: '',
  average_rating: rating,
  ratings_count: count,
});

/** The directory in pages of two; records each request's query. */
function serve(stores: Store[]) {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get('/api/store/stores/', ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.push(query);
      const search = (query.get('search') ?? '').toLowerCase();
      const found = stores.filter((s) => s.name.toLowerCase().includes(search));
      const page = Number(query.get('page'));
      const results = found.slice((page - 1) * 2, page * 2);
      const next = page * 2 < found.length ? `/api/store/stores/?page=${String(page + 1)}` : null;
      return HttpResponse.json({ count: found.length, next, previous: null, results });
    }),
  );
  return asked;
}

describe('store directory', () => {
  it('lists the open stores with their ratings, links to their pages, and loads more', async () => {
    serve([
      store(4, 'Accra Game Hub', 4.5, 12),
      store(7, 'Ébène Beauty'),
      store(9, 'Kumasi Phones', 3, 1),
    ]);
    renderApp('/stores');
    expect(await screen.findByRole('heading', { level: 1, name: 'Stores' })).toBeInTheDocument();
    const hub = await screen.findByRole('link', { name: /Accra Game Hub/ });
    expect(hub).toHaveAttribute('href', '/stores/4-accra-game-hub');
    expect(within(hub).getByText('4.5 · 12 verified ratings')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Ébène Beauty/ })).toHaveAttribute(
      'href',
      '/stores/7-ebene-beauty',
    );
    expect(screen.getByText('3 stores')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Kumasi Phones/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more stores' }));
    const kumasi = await screen.findByRole('link', { name: /Kumasi Phones/ });
    expect(within(kumasi).getByText('3.0 · 1 verified rating')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more stores' })).not.toBeInTheDocument();
  });

  it('finds stores by name, in the address', async () => {
    const asked = serve([store(4, 'Accra Game Hub'), store(7, 'Ébène Beauty')]);
    const { location } = renderApp('/stores');
    await screen.findByRole('link', { name: /Accra Game Hub/ });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Find a store' }), 'game');
    await userEvent.click(screen.getByRole('button', { name: 'Find' }));
    expect(await screen.findByText('1 store')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Ébène Beauty/ })).not.toBeInTheDocument();
    expect(location.current.search).toBe('?search=game');
    expect(asked.at(-1)?.get('search')).toBe('game');
  });

  it('says when no store matches, and when none is open', async () => {
    serve([]);
    const { unmount } = renderApp('/stores?search=zzz');
    expect(await screen.findByText('No store’s name contains “zzz”.')).toBeInTheDocument();
    unmount();
    renderApp('/stores');
    expect(await screen.findByText('No stores are open yet.')).toBeInTheDocument();
  });

  it('offers to try again when the directory fails to load', async () => {
    server.use(
      http.get('/api/store/stores/', () => HttpResponse.json({ detail: 'boom' }, { status: 500 })),
    );
    renderApp('/stores');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to fetch stores.')).toBeInTheDocument();
    serve([store(4, 'Accra Game Hub')]);
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('link', { name: /Accra Game Hub/ })).toBeInTheDocument();
  });
});
