import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { components } from '@/lib/api/schema';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';

type Category = components['schemas']['Category'];

const node = (
  id: number,
  name: string,
  slug: string,
  subcategories: Category[] = [],
  parent: number | null = null,
): Category => ({ id, name, slug, images: [], parent, subcategories });

// The demo tree's names that slugs cannot give back: '&', a hyphen, a lower-case brand.
const tree = [
  node(1, 'Gaming', 'gaming', [
    node(11, 'Consoles', 'consoles', [node(111, 'X-Box', 'x-box', [], 11)], 1),
  ]),
  node(2, 'Jewelry & Watches', 'jewelry-watches'),
  node(3, 'Phones & Tablets', 'mobile-phones-and-tablets', [
    node(31, 'Smartphones', 'smartphones', [node(311, 'iPhone', 'iphone', [], 31)], 3),
  ]),
];

function serve(categories: () => Response) {
  server.use(
    http.get('/api/store/categories/', categories),
    http.get('/api/store/products/', () =>
      HttpResponse.json({ count: 0, next: null, previous: null, results: [] }),
    ),
  );
}

describe('category heading', () => {
  it.each([
    ['/category/gaming/consoles/x-box', 'Gaming > Consoles > X-Box'],
    ['/category/jewelry-watches', 'Jewelry & Watches'],
    [
      '/category/mobile-phones-and-tablets/smartphones/iphone',
      'Phones & Tablets > Smartphones > iPhone',
    ],
  ])('%s is headed with the categories’ names: %s', async (path, heading) => {
    serve(() => HttpResponse.json(tree));
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(document.title).toBe(`${heading} · Dwa`);
  });

  it('falls back to the slugs for a path the tree does not have, or when it cannot load', async () => {
    serve(() => HttpResponse.json(tree));
    const { unmount } = renderApp('/category/gaming/no-such-thing');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'gaming > no such thing' }),
    ).toBeInTheDocument();
    unmount();
    serve(() => HttpResponse.json({ detail: 'boom' }, { status: 500 }));
    renderApp('/category/jewelry-watches');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'jewelry watches' }),
    ).toBeInTheDocument();
  });
});
