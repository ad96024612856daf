import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearShopperData } from '@/app/clear-shopper-data';
import { everythingInView } from '@/test/intersection';
import { server } from '@/test/server';
import HomeRails, { TOP_RATED_MIN_RATINGS } from './home-rails';
import { ProductRail } from './product-rail';
import ProductRails from './product-rails';
import { MAX_RECENT, RECENT_KEY, recentlyViewed, rememberViewed } from '@/lib/recently-viewed';

const card = (id: number, name: string, extra: Record<string, unknown> = {}) => ({
  id,
  name,
  description: `<p>${name}, sold in Accra.</p>`,
  unit_price: '1250.00',
  images: [],
  inventory: 10,
  average_rating: 4.3,
  ratings_count: 12,
  ...extra,
});

const page = (results: unknown[]) => ({
  count: results.length,
  next: null,
  previous: null,
  results,
});

function renderIn(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

let restore: () => void;
beforeEach(() => {
  restore = everythingInView();
});
afterEach(() => {
  restore();
});

describe('ProductRail', () => {
  it('shows fixed-size skeletons, then the cards with their rating, under a heading with See all', async () => {
    let release!: () => void;
    const answered = new Promise<void>((r) => (release = r));
    renderIn(
      <ProductRail
        title="New arrivals"
        queryKey={['t1']}
        seeAll="/products?ordering=-date_created"
        load={async () => {
          await answered;
          return [card(1, 'Kente Print Laptop Sleeve 15"')];
        }}
      />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'New arrivals' })).toBeInTheDocument();
    expect(screen.getByTestId('rail-skeleton')).toBeInTheDocument();
    release();
    const list = await screen.findByRole('list', { name: 'New arrivals' });
    expect(
      within(list).getByRole('link', { name: 'Kente Print Laptop Sleeve 15"' }),
    ).toHaveAttribute('href', '/store/products/1');
    expect(
      within(list).getByRole('img', { name: 'Rated 4.3 out of 5 by 12 shoppers' }),
    ).toHaveTextContent('4.3(12)');
    expect(screen.getByRole('link', { name: 'See all: New arrivals' })).toHaveAttribute(
      'href',
      '/products?ordering=-date_created',
    );
    expect(screen.queryByTestId('rail-skeleton')).not.toBeInTheDocument();
  });

  it('waits until it comes near the screen before asking', async () => {
    restore();
    let observed: IntersectionObserverCallback | undefined;
    class Later {
      constructor(cb: IntersectionObserverCallback) {
        observed = cb;
      }
      observe() {}
      disconnect() {}
    }
    globalThis.IntersectionObserver = Later as unknown as typeof IntersectionObserver;
    let asked = 0;
    let release!: () => void;
    const answered = new Promise<void>((r) => (release = r));
    renderIn(
      <ProductRail
        title="Top rated"
        queryKey={['t2']}
        load={async () => {
          asked++;
          await answered;
          return [card(2, 'Oraimo FreePods 4')];
        }}
      />,
    );
    // Far from the screen the rail keeps its place with an empty box: no pulsing cards yet.
    expect(screen.getByTestId('rail-skeleton')).toBeEmptyDOMElement();
    expect(asked).toBe(0);
    act(() => {
      observed?.(
        [{ isIntersecting: true } as IntersectionObserverEntry],
        {} as IntersectionObserver,
      );
    });
    expect(screen.getByTestId('rail-skeleton').children).toHaveLength(6);
    release();
    expect(await screen.findByRole('link', { name: 'Oraimo FreePods 4' })).toBeInTheDocument();
    expect(asked).toBe(1);
    // @ts-expect-error jsdom had none
    delete globalThis.IntersectionObserver;
    restore = everythingInView();
  });

  it.each([
    ['no products', () => Promise.resolve([])],
    ['an error', () => Promise.reject(new Error('400'))],
  ])('takes itself away when it gets %s', async (_, load) => {
    renderIn(<ProductRail title="Best sellers" queryKey={['t3', _]} load={load} />);
    await waitFor(() => {
      expect(screen.queryByRole('heading', { name: 'Best sellers' })).not.toBeInTheDocument();
    });
  });
});

describe('home rails', () => {
  it('ask each for its ordering and the card fields only, and show deals, arrivals and top rated', async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      http.get('/api/store/products/', ({ request }) => {
        const q = new URL(request.url).searchParams;
        asked.push(q);
        switch (q.get('ordering')) {
          case '-discount':
            return HttpResponse.json(
              page([
                card(1, 'Nasco 43" Smart TV', { unit_price: '2999.00', was_price: '3599.00' }),
                card(2, 'No Deal Kettle', { was_price: null }),
              ]),
            );
          case '-date_created':
            return HttpResponse.json(page([card(3, 'Tecno Spark 30')]));
          case '-average_rating,-date_created':
            return HttpResponse.json(
              page([
                card(4, 'Rated Once Speaker', { average_rating: 5, ratings_count: 1 }),
                card(5, 'JBL Flip 6', {
                  average_rating: 4.8,
                  ratings_count: TOP_RATED_MIN_RATINGS,
                }),
              ]),
            );
          default:
            // A server without `-sold` shuffles and says so: no best sellers.
            return HttpResponse.json(page([card(6, 'Shuffled Product')]), {
              headers: { 'X-Shuffle-Seed': '42' },
            });
        }
      }),
    );
    renderIn(<HomeRails />);

    const deals = await screen.findByRole('list', { name: "Today's deals" });
    expect(within(deals).getByRole('link', { name: 'Nasco 43" Smart TV' })).toBeInTheDocument();
    expect(within(deals).queryByText('No Deal Kettle')).not.toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Tecno Spark 30' })).toBeInTheDocument();
    const top = await screen.findByRole('list', { name: 'Top rated' });
    expect(within(top).getByRole('link', { name: 'JBL Flip 6' })).toBeInTheDocument();
    expect(within(top).queryByText('Rated Once Speaker')).not.toBeInTheDocument();
    await waitFor(() => {
      expect(screen.queryByRole('heading', { name: 'Best sellers' })).not.toBeInTheDocument();
    });
    expect(screen.queryByRole('heading', { name: 'Recently viewed' })).not.toBeInTheDocument();

    const deal = asked.find((q) => q.get('ordering') === '-discount');
    expect(deal?.get('on_sale')).toBe('true');
    expect(deal?.get('fields')).toBe(
      'id,name,description,unit_price,images,inventory,average_rating,ratings_count,price_varies,was_price',
    );
    expect(asked.find((q) => q.get('ordering') === '-date_created')?.get('page_size')).toBe('12');
  });

  it('show the recently viewed products, newest first, without those gone since', async () => {
    rememberViewed(7);
    rememberViewed(8);
    rememberViewed(9);
    server.use(
      http.get('/api/store/products/', () => HttpResponse.json(page([]))),
      http.get('/api/store/products/:id/', ({ params }) =>
        params.id === '8'
          ? HttpResponse.json({ detail: 'No Product matches the given query.' }, { status: 404 })
          : HttpResponse.json(card(Number(params.id), `Product ${String(params.id)}`)),
      ),
    );
    renderIn(<HomeRails />);
    const recent = await screen.findByRole('list', { name: 'Recently viewed' });
    expect(
      within(recent)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Product 9', 'Product 7']);
  });
});

describe('recently viewed', () => {
  it('keeps ids once, newest first, at most MAX_RECENT, and survives bad storage', () => {
    for (let id = 1; id <= MAX_RECENT + 3; id++) rememberViewed(id);
    rememberViewed(5);
    const ids = recentlyViewed();
    expect(ids).toHaveLength(MAX_RECENT);
    expect(ids.slice(0, 3)).toEqual([5, MAX_RECENT + 3, MAX_RECENT + 2]);
    expect(ids.filter((id) => id === 5)).toHaveLength(1);

    window.localStorage.setItem(RECENT_KEY, '{"not":"a list"}');
    expect(recentlyViewed()).toEqual([]);
    window.localStorage.setItem(RECENT_KEY, '[3,"x",-1,2.5,4]');
    expect(recentlyViewed()).toEqual([3, 4]);
  });

  it('goes with the shopper’s data', () => {
    rememberViewed(3);
    clearShopperData(new QueryClient());
    expect(window.localStorage.getItem(RECENT_KEY)).toBeNull();
  });
});

describe('bought together', () => {
  it('shows what was bought with the product, asking for the card fields only', async () => {
    let fields: string | null = null;
    server.use(
      http.get('/api/store/products/10/bought-together/', ({ request }) => {
        fields = new URL(request.url).searchParams.get('fields');
        return HttpResponse.json({ results: [card(11, 'DualSense Controller')] });
      }),
    );
    renderIn(<ProductRails product={{ id: 10 }} />);
    const together = await screen.findByRole('list', { name: 'Frequently bought together' });
    expect(
      within(together).getByRole('link', { name: 'DualSense Controller' }),
    ).toBeInTheDocument();
    expect(fields).toBe(
      'id,name,description,unit_price,images,inventory,average_rating,ratings_count,price_varies',
    );
    expect(screen.queryByRole('link', { name: /See all/ })).not.toBeInTheDocument();
  });

  it('hides itself when nothing was', async () => {
    server.use(
      http.get('/api/store/products/10/bought-together/', () => HttpResponse.json({ results: [] })),
    );
    renderIn(<ProductRails product={{ id: 10 }} />);
    await waitFor(() => {
      expect(
        screen.queryByRole('heading', { name: 'Frequently bought together' }),
      ).not.toBeInTheDocument();
    });
  });
});
