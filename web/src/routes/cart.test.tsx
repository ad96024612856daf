import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { categoriesQueryKey } from '@/features/catalog/api/get-categories';
import { productQueryKey } from '@/features/catalog/api/get-product';
import { fillAddress } from '@/test/checkout';
import { cartItem, ORDER_ID, shopperMe } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';
import { fakeJwt } from '@/test/tokens';

/** Signed in as kofi (no verified phone unless `phone` is given), with an empty address book. */
function signedInAt(path: string, phone: string | null = null) {
  window.localStorage.setItem('access', fakeJwt(600));
  server.use(http.get('/api/auth/users/me/', () => HttpResponse.json({ ...shopperMe, phone })));
  return renderApp(path);
}

/** The structured address `fillAddress` types, as the order's body carries it. */
const typedAddress = {
  recipient_name: 'Kofi Mensah',
  phone: '0241234567',
  region: 'greater-accra',
  city: 'Accra',
  area: '12 Ring Rd',
  digital_address: '',
  landmark: '',
  directions: '',
};

const line = (name: string) => screen.getByRole('listitem', { name });

describe('shopping bag', () => {
  it('lists the lines with an order summary: items from total_price, delivery at checkout', async () => {
    server.use(
      http.get('/api/store/cart-items/', () =>
        HttpResponse.json([
          cartItem(1, 'Xbox Controller', { price: '780.00', quantity: 2 }),
          cartItem(2, 'EA FC 25', { price: '720.50' }),
        ]),
      ),
    );
    signedInAt('/cart');
    const summary = await screen.findByRole('region', { name: 'Order Summary' });
    expect(within(summary).getByText('Items (3)').nextSibling).toHaveTextContent('GH₵ 2,280.50');
    expect(within(summary).getByText('Delivery').nextSibling).toHaveTextContent('At checkout');
    expect(within(summary).getByText('Total').nextSibling).toHaveTextContent('GH₵ 2,280.50');
    expect(within(line('Xbox Controller')).getByText('GH₵ 1,560.00')).toBeInTheDocument();
  });

  it('keeps the quantity between 1 and the stock', async () => {
    server.use(
      http.get('/api/store/cart-items/', () =>
        HttpResponse.json([
          cartItem(1, 'One', { quantity: 1, inventory: 5 }),
          cartItem(2, 'Last', { quantity: 3, inventory: 3 }),
        ]),
      ),
    );
    signedInAt('/cart');
    await screen.findByRole('listitem', { name: 'One' });
    expect(within(line('One')).getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
    expect(within(line('One')).getByRole('button', { name: 'Increase quantity' })).toBeEnabled();
    expect(within(line('Last')).getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
  });

  it('saves a new quantity, busy meanwhile, then reads the bag again', async () => {
    let lines = [cartItem(1, 'One', { quantity: 1 })];
    let patched: unknown;
    server.use(
      http.get('/api/store/cart-items/', () => HttpResponse.json(lines)),
      http.patch('/api/store/cart-items/1/', async ({ request }) => {
        patched = await request.json();
        await delay(50);
        lines = [cartItem(1, 'One', { quantity: 2 })];
        return HttpResponse.json(lines[0]);
      }),
    );
    signedInAt('/cart');
    const user = userEvent.setup();
    await user.click(
      within(await screen.findByRole('listitem', { name: 'One' })).getByRole('button', {
        name: 'Increase quantity',
      }),
    );
    expect(line('One')).toHaveAttribute('aria-busy', 'true');
    expect(within(line('One')).getByText('Updating…')).toBeInTheDocument();
    expect(within(line('One')).getByRole('button', { name: 'Remove' })).toBeDisabled();
    await waitFor(() => {
      expect(line('One')).toHaveAttribute('aria-busy', 'false');
    });
    expect(patched).toEqual({ quantity: 2 });
    expect(within(line('One')).getByRole('group', { name: 'Quantity' })).toHaveTextContent('2');
  });

  it('drops a removed line from the list without waiting for the bag to be read again', async () => {
    let removed = false;
    server.use(
      http.get('/api/store/cart-items/', async () => {
        // Once the line is gone, reads of the bag never answer: the list must not wait for one.
        if (removed) await delay('infinite');
        return HttpResponse.json([cartItem(1, 'One'), cartItem(2, 'Two')]);
      }),
      http.delete('/api/store/cart-items/1/', () => {
        removed = true;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    signedInAt('/cart');
    const user = userEvent.setup();
    await user.click(
      within(await screen.findByRole('listitem', { name: 'One' })).getByRole('button', {
        name: 'Remove',
      }),
    );
    await waitFor(() => {
      expect(screen.queryByRole('listitem', { name: 'One' })).not.toBeInTheDocument();
    });
    expect(screen.getByRole('listitem', { name: 'Two' })).toBeInTheDocument();
  });

  it('shows the failure texts of a quantity update and a removal', async () => {
    server.use(
      http.get('/api/store/cart-items/', () => HttpResponse.json([cartItem(1, 'One')])),
      http.patch('/api/store/cart-items/1/', () =>
        HttpResponse.json({ quantity: ['Only 1 left in stock.'] }, { status: 400 }),
      ),
      http.delete('/api/store/cart-items/1/', () => HttpResponse.error()),
    );
    signedInAt('/cart');
    const user = userEvent.setup();
    const one = await screen.findByRole('listitem', { name: 'One' });
    await user.click(within(one).getByRole('button', { name: 'Increase quantity' }));
    expect(await within(one).findByRole('alert')).toHaveTextContent(
      'Failed to update quantity. Please try again. Only 1 left in stock.',
    );
    await user.click(within(one).getByRole('button', { name: 'Remove' }));
    await waitFor(() => {
      expect(within(one).getByRole('alert')).toHaveTextContent(
        'Failed to remove item. Please try again.',
      );
    });
  });

  it('says why an unavailable line blocks checkout', async () => {
    server.use(
      http.get('/api/store/cart-items/', () =>
        HttpResponse.json([
          cartItem(1, 'Gone', { inventory: 9, available: false }),
          cartItem(2, 'Sold Out', { inventory: 0, available: false }),
          cartItem(3, 'Short', { quantity: 3, inventory: 2, available: false }),
        ]),
      ),
    );
    signedInAt('/cart');
    expect(
      await screen.findByText('This product is no longer available. Please remove it.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Out of Stock. Please remove it from your bag.')).toBeInTheDocument();
    expect(
      screen.getByText('Only 2 left in stock. Please lower the quantity.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Proceed to Checkout' })).toBeDisabled();
    expect(
      screen.getByText(
        'Some items in your bag are unavailable. Remove them or lower their quantity to check out.',
      ),
    ).toBeInTheDocument();
  });

  it('shows the load failure text and an empty bag', async () => {
    server.use(http.get('/api/store/cart-items/', () => HttpResponse.error()));
    const { unmount } = signedInAt('/cart');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load your shopping bag. Please try again.',
    );
    unmount();
    server.use(http.get('/api/store/cart-items/', () => HttpResponse.json([])));
    signedInAt('/cart');
    expect(await screen.findByText('Your shopping bag is empty.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute(
      'href',
      '/products',
    );
  });
});

describe('checkout', () => {
  it('needs a complete address, then places the order once per attempt and opens it', async () => {
    const keys: (string | null)[] = [];
    const bodies: unknown[] = [];
    let calls = 0;
    server.use(
      http.get('/api/store/cart-items/', () => HttpResponse.json([cartItem(1, 'One')])),
      http.post('/api/store/orders/', async ({ request }) => {
        keys.push(request.headers.get('Idempotency-Key'));
        bodies.push(await request.json());
        calls += 1;
        // The first answer is lost on the way (a flaky network); the retry gets the order.
        if (calls === 1) return HttpResponse.error();
        return HttpResponse.json({ id: ORDER_ID }, { status: 201 });
      }),
      http.get(`/api/store/orders/${ORDER_ID}/`, () => new HttpResponse(null, { status: 404 })),
    );
    const { location } = signedInAt('/cart');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Proceed to Checkout' }));
    const form = await screen.findByRole('form', { name: 'Shipping details' });
    await within(form).findByLabelText('Region');
    await user.click(within(form).getByRole('button', { name: 'Place Order' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(
      'Shipping address and contact number are required.',
    );
    expect(calls).toBe(0);
    expect(within(form).getByLabelText('City or town')).toHaveAccessibleDescription(
      'This field is required.',
    );

    await fillAddress(user, form);
    await user.click(within(form).getByRole('button', { name: 'Place Order' }));
    await waitFor(() => {
      expect(within(form).getByRole('alert')).toHaveTextContent(
        'Failed to place order. Please try again.',
      );
    });
    await user.click(within(form).getByRole('button', { name: 'Place Order' }));
    await waitFor(() => {
      expect(location.current.pathname).toBe(`/order/${ORDER_ID}`);
    });
    expect(bodies[1]).toEqual({ address: typedAddress, save_address: true });
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('a changed form is a new attempt with a new key; the submit rests while one is on its way', async () => {
    const keys: (string | null)[] = [];
    server.use(
      http.get('/api/store/cart-items/', () => HttpResponse.json([cartItem(1, 'One')])),
      http.post('/api/store/orders/', async ({ request }) => {
        keys.push(request.headers.get('Idempotency-Key'));
        await delay(30);
        return HttpResponse.json(
          { 'address.phone': ['Enter a Ghanaian phone number, like 024 123 4567.'] },
          { status: 400 },
        );
      }),
    );
    signedInAt('/cart');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Proceed to Checkout' }));
    const form = await screen.findByRole('form', { name: 'Shipping details' });
    await fillAddress(user, form, { phone: '12' });
    await user.click(within(form).getByRole('button', { name: 'Place Order' }));
    expect(within(form).getByRole('button', { name: 'Placing Order…' })).toBeDisabled();
    await waitFor(() => {
      expect(within(form).getByRole('alert')).toHaveTextContent(
        'Failed to place order. Please try again. Enter a Ghanaian phone number, like 024 123 4567.',
      );
    });
    // The server's reason is shown at its field too.
    expect(within(form).getByLabelText('Phone number')).toHaveAccessibleDescription(
      'The rider calls this number, e.g. 024 123 4567. Enter a Ghanaian phone number, like 024 123 4567.',
    );
    await user.type(within(form).getByLabelText('Phone number'), '0241234567');
    // Said of the old number: it goes once the field is edited.
    expect(within(form).getByRole('alert')).toBeEmptyDOMElement();
    await user.click(within(form).getByRole('button', { name: 'Place Order' }));
    await waitFor(() => {
      expect(keys).toHaveLength(2);
    });
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('a placed order marks the kept products and lists stale: their stock moved', async () => {
    server.use(
      http.get('/api/store/cart-items/', () => HttpResponse.json([cartItem(1, 'One')])),
      http.post('/api/store/orders/', () => HttpResponse.json({ id: ORDER_ID }, { status: 201 })),
      http.get(`/api/store/orders/${ORDER_ID}/`, () => new HttpResponse(null, { status: 404 })),
    );
    const { client, location } = signedInAt('/cart');
    client.setQueryData(productQueryKey(1), { id: 1, inventory: 5 });
    client.setQueryData(['catalog', 'products', {}], { pages: [], pageParams: [] });
    client.setQueryData(categoriesQueryKey, []);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Proceed to Checkout' }));
    const form = await screen.findByRole('form', { name: 'Shipping details' });
    await fillAddress(user, form);
    await user.click(within(form).getByRole('button', { name: 'Place Order' }));
    await waitFor(() => {
      expect(location.current.pathname).toBe(`/order/${ORDER_ID}`);
    });
    expect(client.getQueryState(productQueryKey(1))?.isInvalidated).toBe(true);
    expect(client.getQueryState(['catalog', 'products', {}])?.isInvalidated).toBe(true);
    // The category tree shows no stock: it stays as it was.
    expect(client.getQueryState(categoriesQueryKey)?.isInvalidated).toBe(false);
  });

  it("fills a new address's phone with the verified phone, which the shopper may change", async () => {
    const bodies: unknown[] = [];
    server.use(
      http.get('/api/store/cart-items/', () => HttpResponse.json([cartItem(1, 'Xbox Controller')])),
      http.post('/api/store/orders/', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ id: ORDER_ID }, { status: 201 });
      }),
      http.get(`/api/store/orders/${ORDER_ID}/`, () => new HttpResponse(null, { status: 404 })),
    );
    signedInAt('/cart', '+233241234567');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Proceed to Checkout' }));
    const form = await screen.findByRole('form', { name: 'Shipping details' });
    await waitFor(() => {
      expect(within(form).getByLabelText('Phone number')).toHaveValue('024 123 4567');
    });
    await user.clear(within(form).getByLabelText('Phone number'));
    await fillAddress(user, form, { phone: '0201234567' });
    await user.click(within(form).getByRole('button', { name: 'Place Order' }));
    await waitFor(() => {
      expect(bodies).toEqual([
        { address: { ...typedAddress, phone: '0201234567' }, save_address: true },
      ]);
    });
  });
});
