import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { type Product } from '@/features/catalog/api/get-product';
import { CART_ID, cartItem, ORDER_ID } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';
import { fakeJwt } from '@/test/tokens';

const controller: Product = {
  id: 7,
  name: 'Wireless Controller',
  description: '<p>For long evenings.</p>',
  specification: '',
  unit_price: '780.00',
  inventory: 5,
  average_rating: 0,
  reviews_count: 0,
  ratings_count: 0,
  reviews: [],
  ratings: [],
  category: 'Gaming',
  subcategory: null,
  sub_subcategory: null,
  category_slug: 'gaming',
  subcategory_slug: null,
  sub_subcategory_slug: null,
  images: [],
  store: null,
  date_created: '2026-03-01T09:30:12.345Z',
};

describe('product page', () => {
  it('Buy Now marks the kept products and lists stale once the order is placed', async () => {
    let reads = 0;
    server.use(
      http.get('/api/store/products/7/', () => {
        reads += 1;
        return HttpResponse.json(controller);
      }),
      http.get('/api/store/products/', () => HttpResponse.json({ count: 0, results: [] })),
      http.get('/api/store/cart-items/', () => HttpResponse.json([])),
      http.get('/api/store/wishlists/', () => HttpResponse.json([])),
      http.post('/api/store/cart-items/', () =>
        HttpResponse.json({ ...cartItem(7, controller.name), cart: CART_ID }, { status: 201 }),
      ),
      http.post('/api/store/orders/', () => HttpResponse.json({ id: ORDER_ID }, { status: 201 })),
      http.get(`/api/store/orders/${ORDER_ID}/`, () => new HttpResponse(null, { status: 404 })),
    );
    window.localStorage.setItem('access', fakeJwt(600));
    const { client, location } = renderApp('/store/products/7');
    client.setQueryData(['catalog', 'products', {}], { pages: [], pageParams: [] });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Buy Now' }));
    const form = await screen.findByRole('form', { name: 'Shipping details' });
    await user.type(within(form).getByLabelText('Shipping Address'), 'Osu');
    await user.type(within(form).getByLabelText('Contact Number'), '0241234567');
    expect(reads).toBe(1);
    await user.click(within(form).getByRole('button', { name: 'Place Order' }));
    await waitFor(() => {
      expect(location.current.pathname).toBe(`/order/${ORDER_ID}`);
    });
    // The order took stock: the product on screen is read again at once, the kept lists when
    // next shown.
    await waitFor(() => {
      expect(reads).toBe(2);
    });
    expect(client.getQueryState(['catalog', 'products', {}])?.isInvalidated).toBe(true);
  });
});
