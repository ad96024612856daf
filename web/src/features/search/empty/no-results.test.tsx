import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';

const phone = {
  id: 7,
  name: 'Apple iPhone 15 Pro 256GB',
  description: '<p>Titanium.</p>',
  unit_price: '15999.00',
  images: [],
  inventory: 3,
  average_rating: 0,
};

function category(id: number, name: string, slug: string) {
  return { id, name, slug, description: '', images: [], is_active: true, subcategories: [] };
}

/** Searches for "iphone" find the phone, every other search nothing; corrections as given. */
function catalogue(suggestions: string[]) {
  const asked: string[] = [];
  server.use(
    http.get('/api/store/products/', ({ request }) => {
      const search = new URL(request.url).searchParams.get('search');
      const results = search === 'iphone' ? [phone] : [];
      return HttpResponse.json({ count: results.length, next: null, previous: null, results });
    }),
    http.get('/api/store/search/corrections/', ({ request }) => {
      asked.push(new URL(request.url).searchParams.get('search') ?? '');
      return HttpResponse.json({ suggestions });
    }),
    http.get('/api/store/categories/', () =>
      HttpResponse.json([
        category(1, 'Phones & Tablets', 'phones-tablets'),
        category(2, 'Home Appliances and Kitchen Equipment for Large Families', 'home-appliances'),
      ]),
    ),
    http.post('/api/analytics/searches/', () => new HttpResponse(null, { status: 204 })),
  );
  return asked;
}

describe('empty search page', () => {
  it('suggests a corrected search that leads to results, and popular categories', async () => {
    const asked = catalogue(['iphone']);
    renderApp('/search?query=ifone');
    const suggestion = await screen.findByRole('link', { name: 'iphone' });
    expect(suggestion.closest('p')).toHaveTextContent('Did you mean iphone?');
    expect(asked).toEqual(['ifone']);
    const popular = screen.getByRole('region', { name: 'Popular categories' });
    expect(within(popular).getByRole('link', { name: 'Phones & Tablets' })).toHaveAttribute(
      'href',
      '/category/phones-tablets',
    );
    expect(
      within(popular).getByRole('link', {
        name: 'Home Appliances and Kitchen Equipment for Large Families',
      }),
    ).toHaveAttribute('href', '/category/home-appliances');

    await userEvent.click(suggestion);
    expect(await screen.findByText('Apple iPhone 15 Pro 256GB')).toBeInTheDocument();
    expect(screen.getByText('for “iphone”')).toBeInTheDocument();
  });

  it('lists several suggestions, each linking to its search', async () => {
    catalogue(['mat', 'bat', 'cat']);
    renderApp('/search?query=zat');
    const line = (await screen.findByRole('link', { name: 'cat' })).closest('p');
    if (!line) throw new Error('no sentence around the suggestions');
    expect(line).toHaveTextContent('Did you mean mat, bat or cat?');
    expect(within(line).getByRole('link', { name: 'mat' })).toHaveAttribute(
      'href',
      '/search?query=mat',
    );
  });

  it('shows only the categories when nothing is close', async () => {
    catalogue([]);
    renderApp('/search?query=qwxzvbk');
    expect(await screen.findByRole('link', { name: 'Phones & Tablets' })).toBeInTheDocument();
    expect(screen.getByText('No products found.')).toBeInTheDocument();
    expect(screen.queryByText(/Did you mean/)).not.toBeInTheDocument();
  });
});
