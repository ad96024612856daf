import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@/test/server';
import { ApiError, apiGet, buildUrl, listItems } from './client';

describe('api client', () => {
  it('builds /api URLs with encoded path parameters and query values', () => {
    expect(buildUrl('/store/categories/{id}/', { id: 7 })).toBe('/api/store/categories/7/');
    expect(buildUrl('/x/{id}/', { id: 'a/b c' })).toBe('/api/x/a%2Fb%20c/');
    expect(buildUrl('/x/', undefined, { q: 'a&b', empty: undefined, n: 2, list: [1, 2] })).toBe(
      '/api/x/?q=a%26b&n=2&list=1&list=2',
    );
    expect(() => buildUrl('/x/{id}/')).toThrow('Missing path parameter "id"');
  });

  it('sends JSON requests with the stored access token as Bearer', async () => {
    let seen: Headers | undefined;
    let url = '';
    server.use(
      http.get('/api/store/ajax/load-subcategories/', ({ request }) => {
        seen = request.headers;
        url = request.url;
        return HttpResponse.json({
          subcategories: [{ id: 5, name: 'Consoles', slug: 'consoles' }],
        });
      }),
    );
    window.localStorage.setItem('access', 'abc.def.ghi');

    const data = await apiGet('/store/ajax/load-subcategories/', { query: { category_id: 1 } });

    expect(data.subcategories).toEqual([{ id: 5, name: 'Consoles', slug: 'consoles' }]);
    expect(new URL(url).search).toBe('?category_id=1');
    expect(seen?.get('authorization')).toBe('Bearer abc.def.ghi');
    expect(seen?.get('accept')).toBe('application/json');
  });

  it('sends no Authorization header without a stored token', async () => {
    let auth: string | null = 'unset';
    server.use(
      http.get('/api/store/hero/', ({ request }) => {
        auth = request.headers.get('authorization');
        return HttpResponse.json([]);
      }),
    );

    await apiGet('/store/hero/', {});

    expect(auth).toBeNull();
  });

  it('throws an ApiError with the status and the parsed body', async () => {
    const body = { detail: 'No Category matches the given query.', code: 'not_found' };
    server.use(
      http.get('/api/store/categories/:id/', () => HttpResponse.json(body, { status: 404 })),
    );

    const error: unknown = await apiGet('/store/categories/{id}/', { params: { id: 99 } }).catch(
      (e: unknown) => e,
    );

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, body, message: body.detail });
  });

  it('keeps field errors as the body of a 400', async () => {
    const body = { category_id: ['A valid integer is required.'] };
    server.use(
      http.get('/api/store/ajax/load-subcategories/', () =>
        HttpResponse.json(body, { status: 400 }),
      ),
    );

    await expect(
      apiGet('/store/ajax/load-subcategories/', { query: { category_id: 0 } }),
    ).rejects.toMatchObject({ status: 400, body, message: 'Request failed with status 400' });
  });

  it('reads lists as plain arrays or page objects', () => {
    expect(listItems([1, 2])).toEqual([1, 2]);
    expect(listItems({ results: [3] })).toEqual([3]);
  });
});
