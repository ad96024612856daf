import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@/test/server';
import { getCategories } from './get-categories';
import { getHeroSlides } from './get-hero-slides';
import { loadSubSubcategories } from './load-sub-subcategories';
import { loadSubcategories } from './load-subcategories';

describe('catalog api', () => {
  it('unwraps the ajax loaders', async () => {
    server.use(
      http.get('/api/store/ajax/load-subcategories/', ({ request }) =>
        HttpResponse.json({
          subcategories: [
            {
              id: Number(new URL(request.url).searchParams.get('category_id')),
              name: 'A',
              slug: 'a',
            },
          ],
        }),
      ),
      http.get('/api/store/ajax/load-sub-subcategories/', ({ request }) =>
        HttpResponse.json({
          sub_subcategories: [
            {
              id: Number(new URL(request.url).searchParams.get('subcategory_id')),
              name: 'B',
              slug: 'b',
            },
          ],
        }),
      ),
    );

    expect(await loadSubcategories(4)).toEqual([{ id: 4, name: 'A', slug: 'a' }]);
    expect(await loadSubSubcategories(9)).toEqual([{ id: 9, name: 'B', slug: 'b' }]);
  });

  it('accepts a page object where a list is expected', async () => {
    const slide = { id: 1, title: 'T', description: 'D', image: '/hero_images/a.jpg', link: '/x' };
    server.use(
      http.get('/api/store/hero/', () =>
        HttpResponse.json({ count: 1, next: null, previous: null, results: [slide] }),
      ),
      http.get('/api/store/categories/', () => HttpResponse.json([])),
    );

    expect(await getHeroSlides()).toEqual([slide]);
    expect(await getCategories()).toEqual([]);
  });
});
