import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { type Product } from '@/features/catalog/api/get-product';
import { CART_ID, cartItem, controller, ORDER_ID, shopperMe } from '@/test/fixtures';
import { fillAddress } from '@/test/checkout';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';
import { fakeJwt } from '@/test/tokens';

/** The product page's API for a visitor or shopper; answers the bodies of each POST it takes. */
function productApi() {
  const posted = {
    orders: [] as unknown[],
    cartItems: [] as unknown[],
    wishlists: [] as unknown[],
  };
  server.use(
    http.get('/api/store/products/7/', () => HttpResponse.json(controller)),
    http.get('/api/store/products/', () => HttpResponse.json({ count: 0, results: [] })),
    http.get('/api/store/cart-items/', () => HttpResponse.json([])),
    http.get('/api/store/wishlists/', () => HttpResponse.json([])),
    http.post('/api/store/cart-items/', async ({ request }) => {
      posted.cartItems.push(await request.json());
      return HttpResponse.json({ ...cartItem(7, controller.name), cart: CART_ID }, { status: 201 });
    }),
    http.post('/api/store/wishlists/', async ({ request }) => {
      posted.wishlists.push(await request.json());
      return HttpResponse.json(
        { id: 1, product: 7, created_at: controller.date_created },
        { status: 201 },
      );
    }),
    http.post('/api/store/orders/', async ({ request }) => {
      posted.orders.push(await request.json());
      return HttpResponse.json({ id: ORDER_ID }, { status: 201 });
    }),
    http.get(`/api/store/orders/${ORDER_ID}/`, () => new HttpResponse(null, { status: 404 })),
    http.get('/api/auth/users/me/', () => HttpResponse.json(shopperMe)),
    http.post('/api/auth/jwt/create/', () =>
      HttpResponse.json({ access: fakeJwt(600), refresh: fakeJwt(6000) }),
    ),
  );
  return posted;
}

/** Signs in through the dialog that opened, and waits for it to go. */
async function signInThroughDialog(user: ReturnType<typeof userEvent.setup>) {
  const dialog = await screen.findByRole('dialog');
  await user.type(within(dialog).getByLabelText('Username'), 'kofi_m');
  await user.type(within(dialog).getByLabelText('Password'), 'secret-pass');
  await user.click(within(dialog).getByRole('button', { name: 'Login' }));
  await waitFor(
    () => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    },
    { timeout: 3000 },
  );
}

describe('product page', () => {
  it('Buy Now orders this product and quantity alone, leaving the bag, and marks lists stale', async () => {
    let reads = 0;
    const posted = productApi();
    server.use(
      http.get('/api/store/products/7/', () => {
        reads += 1;
        return HttpResponse.json(controller);
      }),
    );
    window.localStorage.setItem('access', fakeJwt(600));
    const { client, location } = renderApp('/store/products/7');
    client.setQueryData(['catalog', 'products', {}], { pages: [], pageParams: [] });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('button', { name: 'Buy Now' }));
    const form = await screen.findByRole('form', { name: 'Shipping details' });
    await fillAddress(user, form, { area: 'Osu' });
    expect(reads).toBe(1);
    // Pressed again with the form filled, Buy Now places the order.
    await user.click(screen.getByRole('button', { name: 'Buy Now' }));
    await waitFor(() => {
      expect(location.current.pathname).toBe(`/order/${ORDER_ID}`);
    });
    expect(posted.cartItems).toEqual([]);
    expect(posted.orders).toEqual([
      {
        address: {
          recipient_name: 'Kofi Mensah',
          phone: '0241234567',
          region: 'greater-accra',
          city: 'Accra',
          area: 'Osu',
          digital_address: '',
          landmark: '',
          directions: '',
        },
        save_address: true,
        items: [{ product_id: 7, quantity: 2 }],
      },
    ]);
    // The order took stock: the product on screen is read again at once, the kept lists when
    // next shown.
    await waitFor(() => {
      expect(reads).toBe(2);
    });
    expect(client.getQueryState(['catalog', 'products', {}])?.isInvalidated).toBe(true);
  });

  it('names its store with a link to the store’s page', async () => {
    productApi();
    server.use(
      http.get('/api/store/products/7/', () =>
        HttpResponse.json({
          ...controller,
          store: {
            id: 4,
            name: 'Ébène Beauty & Co.',
            logo: null,
            description: '',
            contact_info: '',
          },
        }),
      ),
    );
    renderApp('/store/products/7');
    expect(await screen.findByRole('link', { name: 'Ébène Beauty & Co.' })).toHaveAttribute(
      'href',
      '/stores/4-ebene-beauty-co',
    );
  });

  it('signed out, Add to Cart opens the sign-in dialog and adds once signed in, on the same page', async () => {
    const posted = productApi();
    const { location } = renderApp('/store/products/7');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(posted.cartItems).toEqual([]);
    await signInThroughDialog(user);
    expect(await screen.findByText('Product added to cart!')).toBeInTheDocument();
    expect(posted.cartItems).toEqual([{ product_id: 7, quantity: 1 }]);
    expect(location.current.pathname).toBe('/store/products/7');
    expect(screen.queryByText(/Error Status/)).not.toBeInTheDocument();
  });

  it('signed out, Buy Now asks to sign in, then shows the shipping form', async () => {
    const posted = productApi();
    renderApp('/store/products/7');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Buy Now' }));
    expect(screen.queryByRole('form', { name: 'Shipping details' })).not.toBeInTheDocument();
    await signInThroughDialog(user);
    expect(await screen.findByRole('form', { name: 'Shipping details' })).toBeInTheDocument();
    expect(posted.cartItems).toEqual([]);
  });

  it('signed out, the heart asks to sign in and saves the product once signed in', async () => {
    const posted = productApi();
    renderApp('/store/products/7');
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: `Save ${controller.name} to wishlist` }),
    );
    await signInThroughDialog(user);
    await waitFor(() => {
      expect(posted.wishlists).toEqual([{ product: 7 }]);
    });
    expect(screen.queryByText(/Error Status/)).not.toBeInTheDocument();
  });

  it('signed out, closing the sign-in dialog drops the action, even after a later sign-in', async () => {
    const posted = productApi();
    renderApp('/store/products/7');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add to Cart' }));
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Signed in another way, the shopper adds two: the dropped add of one never follows.
    await user.click(screen.getByRole('button', { name: /Account/ }));
    await user.click(await screen.findByRole('button', { name: 'Login' }));
    await signInThroughDialog(user);
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('Product added to cart!')).toBeInTheDocument();
    expect(posted.cartItems).toEqual([{ product_id: 7, quantity: 2 }]);
  });
});

/** The product page of `product` for a signed-in shopper; `add` answers Add to Cart and Buy Now. */
function productPage(product: Product, add: () => Response, order?: () => Response) {
  productApi();
  server.use(
    http.get(`/api/store/products/${String(product.id)}/`, () => HttpResponse.json(product)),
    http.post('/api/store/cart-items/', add),
    ...(order ? [http.post('/api/store/orders/', order)] : []),
  );
  window.localStorage.setItem('access', fakeJwt(600));
  renderApp(`/store/products/${String(product.id)}`);
  return userEvent.setup();
}

const added = () =>
  HttpResponse.json({ ...cartItem(7, controller.name), cart: CART_ID }, { status: 201 });
const unauthorized = () =>
  HttpResponse.json({ detail: 'Token is invalid or expired.' }, { status: 401 });

describe('product purchase (issue 19, defect 3)', () => {
  it('the quantity stepper stops at the stock', async () => {
    const user = productPage({ ...controller, inventory: 3 }, added);
    const more = await screen.findByRole('button', { name: 'Increase quantity' });
    await user.click(more);
    await user.click(more);
    const group = screen.getByRole('group', { name: 'Quantity' });
    expect(within(group).getByRole('status')).toHaveTextContent('3');
    expect(more).toBeDisabled();
  });

  it('an add refused because the session ran out asks to log in', async () => {
    // Signed in on this device, so the add is sent; no refresh token is left to renew it.
    const user = productPage(controller, unauthorized);
    await user.click(await screen.findByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^You need to log in to add products to your cart\.$/,
    );
  });

  it('an add above the stock shows the server’s reason', async () => {
    const user = productPage(controller, () =>
      HttpResponse.json({ quantity: ['Only 12 left in stock.'] }, { status: 400 }),
    );
    await user.click(await screen.findByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Only 12 left in stock\.$/);
  });

  it('Buy Now with a bad phone says why, and the error goes once the number is edited', async () => {
    const user = productPage(controller, added, () =>
      HttpResponse.json({ 'address.phone': ['Enter a valid phone number.'] }, { status: 400 }),
    );
    await user.click(await screen.findByRole('button', { name: 'Buy Now' }));
    const form = await screen.findByRole('form', { name: 'Shipping details' });
    await fillAddress(user, form, { phone: '12', area: 'Osu' });
    await user.click(within(form).getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to place order. Please try again. Enter a valid phone number.',
    );
    expect(within(form).getByLabelText('Phone number')).toHaveAccessibleDescription(
      /Enter a valid phone number\./,
    );
    await user.type(within(form).getByLabelText('Phone number'), '0241234567');
    expect(screen.queryByText(/Enter a valid phone number/)).not.toBeInTheDocument();
  });
});

describe('related products', () => {
  it('come from the deepest category, this product left out, in a row that scrolls sideways', async () => {
    const leaf = {
      ...controller,
      subcategory: 'Accessories',
      subcategory_slug: 'accessories',
      sub_subcategory: 'Controllers',
      sub_subcategory_slug: 'controllers',
    };
    let asked: URLSearchParams | undefined;
    server.use(
      http.get('/api/store/products/7/', () => HttpResponse.json(leaf)),
      http.get('/api/store/products/', ({ request }) => {
        asked = new URL(request.url).searchParams;
        return HttpResponse.json({
          count: 2,
          next: null,
          previous: null,
          results: [
            { ...controller, ratings_count: 0 },
            { ...controller, id: 8, name: 'Charging Dock', ratings_count: 0 },
          ],
        });
      }),
      http.get('/api/store/cart-items/', () => HttpResponse.json([])),
    );
    renderApp('/store/products/7');
    const related = await screen.findByRole('list', { name: 'Related Products' });
    expect(
      within(related)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Charging Dock']);
    expect(related).toHaveClass('overflow-x-auto', 'snap-x');
    expect(asked?.get('sub_subcategory__slug')).toBe('controllers');
    expect(asked?.get('subcategory__slug')).toBe('accessories');
  });
});

describe('product purchase offline (issue 23)', () => {
  it('Add to Cart keeps the change for later and says so; nothing is sent', async () => {
    const posted = productApi();
    window.localStorage.setItem('access', fakeJwt(600));
    renderApp('/store/products/7');
    const user = userEvent.setup();
    const add = await screen.findByRole('button', { name: 'Add to Cart' });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await user.click(add);
    expect(
      await screen.findByText(
        'You are offline. This product will be added to your bag when you are back online.',
      ),
    ).toBeVisible();
    expect(posted.cartItems).toEqual([]);
    expect(JSON.parse(localStorage.getItem('dwa-bag-queue') ?? '[]')).toEqual([
      { kind: 'add', productId: 7, quantity: 1, name: controller.name },
    ]);
  });

  it('Buy Now says why it does not start, and opens no checkout', async () => {
    const posted = productApi();
    window.localStorage.setItem('access', fakeJwt(600));
    renderApp('/store/products/7');
    const user = userEvent.setup();
    const buy = await screen.findByRole('button', { name: 'Buy Now' });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await user.click(buy);
    expect(await screen.findByText('You are offline. Connect to place your order.')).toBeVisible();
    expect(screen.queryByRole('form', { name: 'Shipping details' })).not.toBeInTheDocument();
    expect(posted.orders).toEqual([]);
  });
});
