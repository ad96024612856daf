import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { page, sellerAt, sellerProduct } from '@/test/seller-fixtures';
import { server } from '@/test/server';

/** Answers the product list, recording each request's query. */
function productList(answer = () => page([sellerProduct(12)])) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get('/api/seller/products/', ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return HttpResponse.json(answer());
    }),
  );
  return queries;
}

describe('seller products list', () => {
  it('shows each product with its price, stock, state and edit link', async () => {
    const queries = productList(() =>
      page([
        sellerProduct(12, { name: 'DualSense Controller', unit_price: '1234.50', inventory: 3 }),
        sellerProduct(13, { name: 'Old Console', is_active: false, inventory: 0 }),
      ]),
    );
    const { location } = sellerAt('/seller/products');
    const list = await screen.findByRole('list', { name: 'Your products' });
    const [first, second] = within(list).getAllByRole('listitem');
    if (!first || !second) throw new Error('two products expected');
    expect(within(first).getByText('DualSense Controller')).toBeInTheDocument();
    expect(within(first).getByText('GH₵ 1,234.50')).toBeInTheDocument();
    expect(within(first).getByText('In Stock: 3')).toBeInTheDocument();
    expect(within(first).getByText('Active')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Edit DualSense Controller' })).toHaveAttribute(
      'href',
      '/seller/products/12',
    );
    expect(within(second).getByText('Inactive')).toBeInTheDocument();
    expect(within(second).getByText('Out of Stock')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add product' })).toHaveAttribute(
      'href',
      '/seller/products/new',
    );
    expect(queries[0]?.toString()).toBe('status=all&page=1&page_size=20');
    expect(location.current.search).toBe('');
  });

  it('searches after a pause in typing and filters by status, both in the address', async () => {
    const queries = productList();
    const { location } = sellerAt('/seller/products');
    const user = userEvent.setup();
    await screen.findByRole('list', { name: 'Your products' });
    await user.type(screen.getByRole('searchbox', { name: 'Search your products' }), ' xbox ');
    await waitFor(() => {
      expect(queries.at(-1)?.get('search')).toBe('xbox');
    });
    expect(location.current.search).toBe('?search=xbox');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Out of stock');
    await waitFor(() => {
      expect(queries.at(-1)?.get('status')).toBe('out_of_stock');
    });
    expect(queries.at(-1)?.get('search')).toBe('xbox');
    expect(location.current.search).toBe('?search=xbox&status=out_of_stock');
  });

  it('pages through the list', async () => {
    const queries = productList(() =>
      page([sellerProduct(12)], {
        count: 45,
        next: '/api/seller/products/?page=2',
        previous: null,
      }),
    );
    const { location } = sellerAt('/seller/products?status=active');
    const user = userEvent.setup();
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => {
      expect(queries.at(-1)?.get('page')).toBe('2');
    });
    expect(queries.at(-1)?.get('status')).toBe('active');
    expect(location.current.search).toBe('?status=active&page=2');
  });

  it('tells an empty store from a filter that matches nothing', async () => {
    productList(() => page([]));
    const { unmount } = sellerAt('/seller/products');
    expect(await screen.findByText('You have no products yet.')).toBeInTheDocument();
    unmount();
    sellerAt('/seller/products?search=zzz');
    expect(await screen.findByText('No products match.')).toBeInTheDocument();
  });

  it('shows the load failure text', async () => {
    server.use(http.get('/api/seller/products/', () => HttpResponse.error()));
    sellerAt('/seller/products');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load your products. Please try again.',
    );
  });
});
