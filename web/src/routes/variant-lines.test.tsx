import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { cartItem, order, ORDER_ID, shopperMe } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';

// The first look waits for the page's lazy chunks: slow on a busy machine.
const FIRST = { timeout: 25_000 };
import { fakeJwt } from '@/test/tokens';

const chosen = [
  { name: 'Storage', value: '256 GB' },
  { name: 'Colour', value: 'Blue' },
];

function signedIn() {
  window.localStorage.setItem('access', fakeJwt(600));
  server.use(http.get('/api/auth/users/me/', () => HttpResponse.json(shopperMe)));
}

describe('lines of products with options', { timeout: 60_000 }, () => {
  it('the bag line names the options, with the variant’s price and stock as its limits', async () => {
    const line = cartItem(1, 'Galaxy A15', { price: '1999.00', quantity: 2, inventory: 40 });
    server.use(
      http.get('/api/store/cart-items/', () =>
        HttpResponse.json([
          {
            ...line,
            total_price: 4998,
            variant_id: 33,
            variant: {
              id: 33,
              sku: 'A15-256-BLU',
              options: chosen,
              unit_price: '2499.00',
              inventory: 2,
            },
          },
        ]),
      ),
    );
    signedIn();
    renderApp('/cart');
    const item = await screen.findByRole('listitem', { name: 'Galaxy A15, 256 GB · Blue' }, FIRST);
    expect(within(item).getByText('256 GB · Blue')).toBeInTheDocument();
    expect(within(item).getByText('GH₵ 2,499.00')).toBeInTheDocument();
    // Two in the bag and two of the variant left: the stepper stops there.
    expect(within(item).getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
  });

  it('a bag line of a product without options shows no options', async () => {
    server.use(
      http.get('/api/store/cart-items/', () =>
        HttpResponse.json([{ ...cartItem(1, 'Plain Tee'), variant_id: null, variant: null }]),
      ),
    );
    signedIn();
    renderApp('/cart');
    const item = await screen.findByRole('listitem', { name: 'Plain Tee' }, FIRST);
    expect(within(item).queryByText(/·/)).not.toBeInTheDocument();
  });

  it('the order shows the options kept on its line', async () => {
    const placed = order();
    const [first] = placed.items;
    server.use(
      http.get('/api/store/cart-items/', () => HttpResponse.json([])),
      http.get(`/api/store/orders/${ORDER_ID}/`, () =>
        HttpResponse.json({
          ...placed,
          items: first ? [{ ...first, variant_id: 33, options: chosen }] : [],
        }),
      ),
    );
    signedIn();
    renderApp(`/order/${ORDER_ID}`);
    const name = await screen.findByRole('link', { name: 'X-Box Series S 512GB' }, FIRST);
    const li = name.closest('li') as HTMLElement;
    expect(within(li).getByText('256 GB · Blue')).toBeInTheDocument();
  });
});
