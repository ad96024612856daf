import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/render';
import { NO_FACETS, server } from '@/test/server';

const galaxy = {
  id: 1,
  name: 'Samsung Galaxy A15 128GB – Blue Black',
  description: '<p>A big screen and a long battery.</p>',
  unit_price: '2500.00',
  was_price: '3000.00',
  images: [],
  inventory: 4,
  average_rating: 4.5,
};

const facets = {
  ...NO_FACETS,
  count: 1,
  stores: [
    { id: 3, name: 'Accra Phone Hub', count: 1 },
    { id: 5, name: 'Osu Gadgets', count: 2 },
  ],
  brands: [
    { name: 'Tecno', count: 7 },
    { name: 'Samsung', count: 1 },
  ],
  ratings: [
    { min_rating: 4, count: 1 },
    { min_rating: 3, count: 1 },
    { min_rating: 2, count: 1 },
    { min_rating: 1, count: 1 },
  ],
  in_stock: 1,
  on_sale: 1,
  price: { min: '900.00', max: '3200.00' },
};

/** Answers the list and its facets, and records what each was asked. */
function serve(items: unknown[] = [galaxy]) {
  const lists: URLSearchParams[] = [];
  const counts: URLSearchParams[] = [];
  server.use(
    http.get('/api/store/products/facets/', ({ request }) => {
      counts.push(new URL(request.url).searchParams);
      return HttpResponse.json(facets);
    }),
    http.get('/api/store/products/', ({ request }) => {
      lists.push(new URL(request.url).searchParams);
      return HttpResponse.json({ count: items.length, next: null, previous: null, results: items });
    }),
  );
  return { lists, counts };
}

/** Types a price range into the filters and asks for it. */
async function askPriceRange(filters: HTMLElement, lowest: string, highest: string) {
  await userEvent.type(within(filters).getByRole('textbox', { name: 'Lowest' }), lowest);
  await userEvent.type(within(filters).getByRole('textbox', { name: 'Highest' }), highest);
  await userEvent.click(within(filters).getByRole('button', { name: 'Go' }));
}

describe('All Products filters', () => {
  // A wide screen, where the filters are a column beside the list (none is built on a phone).
  beforeEach(() => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (media: string) =>
        ({
          matches: media.includes('min-width'),
          media,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
        }) as unknown as MediaQueryList,
    );
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows each filter value with its count, and a deal struck through with its percent off', async () => {
    serve();
    renderApp('/products');
    const filters = await screen.findByRole('complementary', { name: 'Filters' });
    expect(
      await within(filters).findByRole('checkbox', { name: /^Tecno\s*\(7\s*products/ }),
    ).toBeInTheDocument();
    expect(within(filters).getByRole('checkbox', { name: /Accra Phone Hub/ })).toBeInTheDocument();
    expect(within(filters).getByRole('radio', { name: /4 stars & up/ })).toBeInTheDocument();
    expect(within(filters).getByRole('checkbox', { name: /On sale/ })).toBeInTheDocument();
    const card = screen.getByRole('article');
    expect(within(card).getByText('-17%')).toBeInTheDocument();
    expect(within(card).getByText('GH₵ 3,000.00')).toBeInTheDocument();
  });

  it('puts a chosen brand and price range in the address, asks the list and counts for them, and removes them by chip', async () => {
    const asked = serve();
    const { location } = renderApp('/products');
    const filters = await screen.findByRole('complementary', { name: 'Filters' });
    await userEvent.click(await within(filters).findByRole('checkbox', { name: /Samsung/ }));
    await waitFor(() => {
      expect(location.current.search).toBe('?brand=Samsung');
    });
    await askPriceRange(filters, '1,000', '3000');
    await waitFor(() => {
      expect(asked.lists.at(-1)?.get('unit_price__gt')).toBe('999.99');
    });
    expect(asked.lists.at(-1)?.get('unit_price__lt')).toBe('3000.01');
    expect(asked.lists.at(-1)?.getAll('brand')).toEqual(['Samsung']);
    expect(asked.counts.at(-1)?.getAll('brand')).toEqual(['Samsung']);
    const chips = screen.getByRole('list', { name: 'Chosen filters' });
    await userEvent.click(within(chips).getByRole('button', { name: 'Remove filter: Samsung' }));
    await waitFor(() => {
      expect(location.current.search).toBe('?unit_price__gt=999.99&unit_price__lt=3000.01');
    });
    await userEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    await waitFor(() => {
      expect(location.current.search).toBe('');
    });
  });

  it('refuses a price range upside down', async () => {
    serve();
    renderApp('/products');
    const filters = await screen.findByRole('complementary', { name: 'Filters' });
    await askPriceRange(filters, '500', '100');
    expect(await within(filters).findByRole('alert')).toHaveTextContent(
      'The lowest price must not be above the highest.',
    );
  });

  it('says when nothing matches the filters and offers to clear them', async () => {
    serve([]);
    const { location } = renderApp('/products?on_sale=true&ordering=-discount');
    expect(await screen.findByText('No products match these filters.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => {
      expect(location.current.search).toBe('?ordering=-discount');
    });
  });

  it('chooses several stores, each in the address, the list and the counts, and removes one by chip', async () => {
    const asked = serve();
    const { location } = renderApp('/products');
    const filters = await screen.findByRole('complementary', { name: 'Filters' });
    await userEvent.click(
      await within(filters).findByRole('checkbox', { name: /^Accra Phone Hub\s*\(1\s*product\)/ }),
    );
    await userEvent.click(
      within(filters).getByRole('checkbox', { name: /^Osu Gadgets\s*\(2\s*products\)/ }),
    );
    await waitFor(() => {
      expect(location.current.search).toBe('?store=3&store=5');
    });
    await waitFor(() => {
      expect(asked.lists.at(-1)?.getAll('store')).toEqual(['3', '5']);
    });
    expect(asked.counts.at(-1)?.getAll('store')).toEqual(['3', '5']);
    expect(within(filters).getByRole('checkbox', { name: /Accra Phone Hub/ })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Filters (2)' })).toBeInTheDocument();
    const chips = screen.getByRole('list', { name: 'Chosen filters' });
    await userEvent.click(
      within(chips).getByRole('button', { name: 'Remove filter: Accra Phone Hub' }),
    );
    await waitFor(() => {
      expect(location.current.search).toBe('?store=5');
    });
    expect(within(filters).getByRole('checkbox', { name: /Accra Phone Hub/ })).not.toBeChecked();
    expect(within(filters).getByRole('checkbox', { name: /Osu Gadgets/ })).toBeChecked();
  });

  it('opens the filters in a bottom sheet on a phone: focus inside, Clear, Show N results, Escape', async () => {
    serve();
    const { location } = renderApp('/products?brand=Samsung&ordering=name');
    const opener = await screen.findByRole('button', { name: 'Filters (1)' });
    await userEvent.click(opener);
    const sheet = await screen.findByRole('dialog', { name: 'Filters' });
    // The sheet itself takes the focus: no field is focused, so no phone keyboard covers it.
    // (In an effect after the sheet is shown: a loaded machine can run the query in between.)
    await waitFor(() => {
      expect(document.activeElement).toBe(sheet);
    });
    expect(within(sheet).getByRole('checkbox', { name: /Samsung/ })).toBeChecked();
    await userEvent.click(within(sheet).getByRole('checkbox', { name: /Osu Gadgets/ }));
    await waitFor(() => {
      expect(location.current.search).toBe('?brand=Samsung&ordering=name&store=5');
    });
    await userEvent.click(within(sheet).getByRole('button', { name: 'Clear' }));
    await waitFor(() => {
      expect(location.current.search).toBe('?ordering=name');
    });
    expect(within(sheet).getByRole('button', { name: 'Clear' })).toBeDisabled();
    await userEvent.click(within(sheet).getByRole('button', { name: 'Show 1 result' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Filters' }));
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    await screen.findByRole('dialog', { name: 'Filters' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
  });

  it('keeps Tab inside the sheet', async () => {
    serve();
    renderApp('/products');
    await userEvent.click(await screen.findByRole('button', { name: 'Filters' }));
    const sheet = await screen.findByRole('dialog', { name: 'Filters' });
    await waitFor(() => {
      expect(document.activeElement).toBe(sheet);
    });
    await userEvent.tab({ shift: true });
    expect(document.activeElement).toBe(
      within(sheet).getByRole('button', { name: 'Show 1 result' }),
    );
    await userEvent.tab();
    expect(document.activeElement).toBe(within(sheet).getByRole('button', { name: 'Close' }));
  });
});
