import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { CART_ID, cartItem, controller, ORDER_ID, shopperMe } from '@/test/fixtures';
import { fillAddress } from '@/test/checkout';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';

// The first look waits for the page's lazy chunks: slow on a busy machine.
const FIRST = { timeout: 25_000 };
import { fakeJwt } from '@/test/tokens';

/**
 * A phone with Storage × Colour: 128/Black in stock, 128/Blue sold out, 256/Black in stock at a
 * higher price with its own picture, 256/Blue switched off by the seller.
 */
const phone = {
  ...controller,
  id: 9,
  name: 'Tecno Spark 20',
  unit_price: '1999.00',
  inventory: 5,
  price_varies: true,
  images: [
    { id: 1, image: 'https://dwa.test/media/spark-black.jpg' },
    { id: 2, image: 'https://dwa.test/media/spark-256.jpg' },
  ],
  options: [
    { name: 'Storage', values: ['128 GB', '256 GB'] },
    { name: 'Colour', values: ['Black', 'Blue'] },
  ],
  variants: [
    {
      id: 31,
      sku: 'SP-128-BLK',
      options: ['128 GB', 'Black'],
      unit_price: '1999.00',
      inventory: 3,
      active: true,
      image_ids: [],
    },
    {
      id: 32,
      sku: 'SP-128-BLU',
      options: ['128 GB', 'Blue'],
      unit_price: '1999.00',
      inventory: 0,
      active: true,
      image_ids: [],
    },
    {
      id: 33,
      sku: 'SP-256-BLK',
      options: ['256 GB', 'Black'],
      unit_price: '2499.00',
      inventory: 2,
      active: true,
      image_ids: [2],
    },
    {
      id: 34,
      sku: 'SP-256-BLU',
      options: ['256 GB', 'Blue'],
      unit_price: '2499.00',
      inventory: 9,
      active: false,
      image_ids: [],
    },
  ],
};

function phoneApi() {
  const posted = { cartItems: [] as unknown[], orders: [] as unknown[] };
  server.use(
    http.get('/api/store/products/9/', () => HttpResponse.json(phone)),
    http.get('/api/store/products/', () => HttpResponse.json({ count: 0, results: [] })),
    http.get('/api/store/cart-items/', () => HttpResponse.json([])),
    http.get('/api/store/wishlists/', () => HttpResponse.json([])),
    http.get('/api/auth/users/me/', () => HttpResponse.json(shopperMe)),
    http.post('/api/store/cart-items/', async ({ request }) => {
      posted.cartItems.push(await request.json());
      return HttpResponse.json({ ...cartItem(9, phone.name), cart: CART_ID }, { status: 201 });
    }),
    http.post('/api/store/orders/', async ({ request }) => {
      posted.orders.push(await request.json());
      return HttpResponse.json({ id: ORDER_ID }, { status: 201 });
    }),
    http.get(`/api/store/orders/${ORDER_ID}/`, () => new HttpResponse(null, { status: 404 })),
  );
  window.localStorage.setItem('access', fakeJwt(600));
  return posted;
}

const option = (name: string) => screen.getByRole('button', { name });
const price = () => screen.getByText(/^GH₵/, { selector: 'p[aria-live] span' });

describe('product page with options', { timeout: 60_000 }, () => {
  it('shows "from" the lowest price until chosen, then the variant’s price, stock and picture, and puts it in the address', async () => {
    phoneApi();
    const { location } = renderApp('/store/products/9');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '256 GB' }, FIRST));
    expect(location.current.search).toBe('');
    expect(screen.getByText('from')).toBeInTheDocument();
    expect(price()).toHaveTextContent('GH₵ 1,999.00');
    await user.click(option('Black'));
    await waitFor(() => {
      expect(location.current.search).toBe('?variant=33');
    });
    expect(price()).toHaveTextContent('GH₵ 2,499.00');
    expect(screen.queryByText('from')).not.toBeInTheDocument();
    expect(screen.getByText('In Stock: 2')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: phone.name })).toHaveAttribute(
      'src',
      'https://dwa.test/media/spark-256.jpg',
    );
    // The stepper stops at the variant's stock.
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(screen.getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
    // Changing the storage to 128 GB keeps Black (it exists) and moves the address with it.
    await user.click(option('128 GB'));
    await waitFor(() => {
      expect(location.current.search).toBe('?variant=31');
    });
    expect(price()).toHaveTextContent('GH₵ 1,999.00');
  });

  it('disables a sold-out and a switched-off combination and says why', async () => {
    phoneApi();
    renderApp('/store/products/9');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '128 GB' }, FIRST));
    const soldOut = option('Blue, sold out');
    expect(soldOut).toBeDisabled();
    expect(within(soldOut).getByText('Sold out')).toBeInTheDocument();
    await user.click(option('256 GB'));
    const off = option('Blue, not available');
    expect(off).toBeDisabled();
    expect(within(off).getByText('Not available')).toBeInTheDocument();
    expect(option('Black')).toBeEnabled();
  });

  it('opens with the variant of a shared address chosen', async () => {
    phoneApi();
    renderApp('/store/products/9?variant=33');
    expect(await screen.findByRole('button', { name: '256 GB' }, FIRST)).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(option('Black')).toHaveAttribute('aria-pressed', 'true');
    expect(price()).toHaveTextContent('GH₵ 2,499.00');
  });

  it('refuses Add to Cart until every option is chosen, then sends the variant', async () => {
    const posted = phoneApi();
    renderApp('/store/products/9');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '128 GB' }, FIRST));
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose colour first.');
    expect(screen.getByText('Choose colour')).toBeInTheDocument();
    expect(posted.cartItems).toEqual([]);
    await user.click(option('Black'));
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('Product added to cart!')).toBeInTheDocument();
    expect(posted.cartItems).toEqual([{ product_id: 9, quantity: 1, variant_id: 31 }]);
  });

  it('Buy Now orders the chosen variant', async () => {
    const posted = phoneApi();
    const { location } = renderApp('/store/products/9?variant=33');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Buy Now' }, FIRST));
    const form = await screen.findByRole('form', { name: 'Shipping details' }, FIRST);
    await fillAddress(user, form, { area: 'Osu' });
    await user.click(screen.getByRole('button', { name: 'Buy Now' }));
    await waitFor(() => {
      expect(location.current.pathname).toBe(`/order/${ORDER_ID}`);
    });
    expect(posted.orders).toMatchObject([
      { items: [{ product_id: 9, quantity: 1, variant_id: 33 }] },
    ]);
  });

  it('says a chosen variant from the address is sold out and does not add it', async () => {
    const posted = phoneApi();
    renderApp('/store/products/9?variant=32');
    expect(await screen.findByText('This option is sold out')).toBeInTheDocument();
    expect(screen.getByText('Out of Stock')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
    expect(posted.cartItems).toEqual([]);
  });
});
