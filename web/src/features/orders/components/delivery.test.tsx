import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { components } from '@/lib/api/schema';
import {
  bagQuote,
  cartItem,
  controller,
  order,
  ORDER_ID,
  quotePart,
  shopperMe,
} from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';
import { fakeJwt } from '@/test/tokens';
import type { Address } from '../api/addresses';
import { REGION_KEY } from '../api/delivery-region';

type ProductQuote = components['schemas']['DeliveryQuote'];
type PickupPoint = components['schemas']['PickupPoint'];

function productQuote(overrides: Partial<ProductQuote> = {}): ProductQuote {
  return {
    region: 'greater-accra',
    region_name: 'Greater Accra',
    available: true,
    reason: null,
    fee: 20,
    from: '2026-12-01',
    to: '2026-12-03',
    same_day: false,
    same_day_cutoff: null,
    free_delivery_over: null,
    ship_from_region: 'greater-accra',
    ship_from_region_name: 'Greater Accra',
    store: { id: 1, name: 'Accra Game Hub' },
    ...overrides,
  };
}

/** The product page; the delivery line answers `quote` and records the regions asked for. */
function productPage(quote: (region: string) => ProductQuote) {
  const asked: string[] = [];
  const saved: unknown[] = [];
  server.use(
    http.get('/api/store/products/7/', () => HttpResponse.json(controller)),
    http.get('/api/store/products/', () => HttpResponse.json({ count: 0, results: [] })),
    http.get('/api/store/cart-items/', () => HttpResponse.json([])),
    http.get('/api/store/wishlists/', () => HttpResponse.json([])),
    http.get('/api/store/delivery/quote/', ({ request }) => {
      const region = new URL(request.url).searchParams.get('region') ?? '';
      asked.push(region);
      return HttpResponse.json(quote(region));
    }),
    http.patch('/api/auth/users/me/', async ({ request }) => {
      const body = (await request.json()) as { delivery_region: string };
      saved.push(body);
      return HttpResponse.json({ ...shopperMe, ...body });
    }),
  );
  renderApp('/store/products/7');
  return { asked, saved, user: userEvent.setup() };
}

const line = () => screen.findByRole('region', { name: 'Delivery' });

describe('product page delivery line', () => {
  it('asks for a region first, then shows its fee and dates, remembered on the device and in the account', async () => {
    window.localStorage.setItem('access', fakeJwt(600));
    server.use(http.get('/api/auth/users/me/', () => HttpResponse.json(shopperMe)));
    const { asked, saved, user } = productPage(() => productQuote());
    expect(await line()).toHaveTextContent('Choose your region to see delivery fees and dates');
    await user.click(within(await line()).getByRole('button', { name: 'Choose region' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your region' });
    expect(within(dialog).getAllByRole('button', { pressed: false })).toHaveLength(16);
    await user.click(within(dialog).getByRole('button', { name: 'Greater Accra' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(async () => {
      expect(await line()).toHaveTextContent(
        'Delivery to Greater Accra: GH₵ 20.00, arrives Tue 1 Dec – Thu 3 Dec',
      );
    });
    expect(asked).toEqual(['greater-accra']);
    expect(window.localStorage.getItem(REGION_KEY)).toBe('greater-accra');
    await waitFor(() => {
      expect(saved).toEqual([{ delivery_region: 'greater-accra' }]);
    });
    expect(within(await line()).getByRole('button', { name: 'Change' })).toBeInTheDocument();
  });

  it('says free delivery, today, with the cut-off, for a same-day region', async () => {
    window.localStorage.setItem(REGION_KEY, 'greater-accra');
    productPage(() =>
      productQuote({
        fee: 0,
        from: '2026-11-26',
        to: '2026-11-26',
        same_day: true,
        same_day_cutoff: 14,
      }),
    );
    await waitFor(async () => {
      expect(await line()).toHaveTextContent(
        'Delivery to Greater Accra: Free delivery, arrives todayOrder before 14:00',
      );
    });
  });

  it('says the region is not served, and a change asks again for the new region', async () => {
    window.localStorage.setItem(REGION_KEY, 'savannah');
    const { asked, saved, user } = productPage((region) =>
      region === 'savannah'
        ? productQuote({
            region: 'savannah',
            region_name: 'Savannah',
            available: false,
            reason: 'We do not deliver to Savannah yet.',
            fee: null,
            from: null,
            to: null,
          })
        : productQuote({ region: 'ashanti', region_name: 'Ashanti', free_delivery_over: 1000 }),
    );
    await waitFor(async () => {
      expect(await line()).toHaveTextContent('We do not deliver to Savannah yet.');
    });
    await user.click(within(await line()).getByRole('button', { name: 'Change' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your region' });
    expect(within(dialog).getByRole('button', { name: 'Savannah' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Ashanti' }));
    await waitFor(async () => {
      expect(await line()).toHaveTextContent('Delivery to Ashanti: GH₵ 20.00');
    });
    expect(await line()).toHaveTextContent(
      'Free delivery from this store on orders over GH₵ 1,000.00',
    );
    expect(asked).toEqual(['savannah', 'ashanti']);
    expect(saved).toEqual([]); // a visitor: the device remembers it, no account to save it in
  });

  it("a signed-in shopper with no region on this device sees the account's", async () => {
    window.localStorage.setItem('access', fakeJwt(600));
    server.use(
      http.get('/api/auth/users/me/', () =>
        HttpResponse.json({ ...shopperMe, delivery_region: 'ashanti' }),
      ),
    );
    const { asked } = productPage(() => productQuote({ region_name: 'Ashanti' }));
    await waitFor(async () => {
      expect(await line()).toHaveTextContent('Delivery to Ashanti');
    });
    expect(asked).toEqual(['ashanti']);
  });
});

const at = '2026-11-20T10:00:00Z';
const home: Address = {
  id: 5,
  recipient_name: 'Ama Mensah',
  phone: '+233241234567',
  region: 'ashanti',
  region_name: 'Ashanti',
  city: 'Kumasi',
  area: 'Adum',
  digital_address: 'AK-039-5028',
  landmark: '',
  directions: '',
  is_default: true,
  created_at: at,
  updated_at: at,
};
const station: PickupPoint = {
  id: 9,
  name: 'Adum Pickup Station',
  region: 'ashanti',
  region_name: 'Ashanti',
  city: 'Kumasi',
  address: 'Prempeh II St',
  hours: 'Mon–Sat 8:00–18:00',
  fee: 10,
};
const hub = { id: 1, name: 'Accra Game Hub' };
const shop = { id: 2, name: 'Kumasi Books' };
const bagged = cartItem(2, 'Novel');
const novel = { ...bagged, product: { ...bagged.product, store: shop } };

/** The bag with two stores' lines and the saved address; the quote follows the choices sent. */
function bagPage(
  parts: (choices: { store: number; pickup_point?: number }[]) => ReturnType<typeof bagQuote>,
) {
  const quotes: unknown[] = [];
  const orders: unknown[] = [];
  const regions: string[] = [];
  window.localStorage.setItem('access', fakeJwt(600));
  server.use(
    http.get('/api/auth/users/me/', () => HttpResponse.json(shopperMe)),
    http.get('/api/auth/users/me/addresses/', () =>
      HttpResponse.json({ results: [home], max: 20 }),
    ),
    http.get('/api/store/cart-items/', () => HttpResponse.json([cartItem(1, 'Controller'), novel])),
    http.get('/api/store/pickup-points/', ({ request }) => {
      regions.push(new URL(request.url).searchParams.get('region') ?? '');
      return HttpResponse.json([station]);
    }),
    http.post('/api/store/delivery/quote/', async ({ request }) => {
      const body = (await request.json()) as { choices?: { store: number }[] };
      quotes.push(body);
      return HttpResponse.json(parts(body.choices ?? []));
    }),
    http.post('/api/store/orders/', async ({ request }) => {
      orders.push(await request.json());
      return HttpResponse.json({ id: ORDER_ID }, { status: 201 });
    }),
    http.get(`/api/store/orders/${ORDER_ID}/`, () => HttpResponse.json(order())),
  );
  const app = renderApp('/cart');
  return { ...app, quotes, orders, regions, user: userEvent.setup() };
}

describe('bag delivery', () => {
  it("quotes each store part to the address's region, and a pickup station goes with the order", async () => {
    const { quotes, orders, regions, user, location } = bagPage((choices) =>
      bagQuote([
        quotePart({ store: hub, items_total: 100, fee: 35, from: '2026-12-02', to: '2026-12-03' }),
        choices.some((c) => c.pickup_point === 9)
          ? quotePart({
              store: shop,
              items_total: 100,
              method: 'pickup',
              fee: 10,
              from: '2026-12-01',
              to: '2026-12-02',
              pickup_point: { ...station },
            })
          : quotePart({ store: shop, items_total: 100, fee: 25 }),
      ]),
    );
    await user.click(await screen.findByRole('button', { name: 'Proceed to Checkout' }));
    const form = await screen.findByRole('form', { name: 'Shipping details' });
    const hubPart = await within(form).findByRole('group', { name: 'From Accra Game Hub' });
    expect(hubPart).toHaveTextContent('Delivery: GH₵ 35.00 · arrives Wed 2 Dec – Thu 3 Dec');
    const summary = screen.getByRole('region', { name: 'Order Summary' });
    expect(within(summary).getByText('Delivery').nextSibling).toHaveTextContent('GH₵ 60.00');
    expect(within(summary).getByText('Total').nextSibling).toHaveTextContent('GH₵ 260.00');
    expect(quotes[0]).toEqual({ region: 'ashanti', city: 'Kumasi', choices: [] });
    expect(regions).toContain('ashanti');

    const shopPart = within(form).getByRole('group', { name: 'From Kumasi Books' });
    await user.click(within(shopPart).getByRole('radio', { name: 'A pickup station' }));
    expect(within(shopPart).getByLabelText('Pickup station')).toHaveDisplayValue(
      'Adum Pickup Station, Kumasi (GH₵\u00a010.00)',
    );
    await waitFor(() => {
      expect(shopPart).toHaveTextContent('Pickup: GH₵ 10.00 · ready from Tue 1 Dec');
    });
    expect(shopPart).toHaveTextContent('Adum Pickup Station, Prempeh II St, Kumasi');
    expect(within(summary).getByText('Total').nextSibling).toHaveTextContent('GH₵ 245.00');
    expect(quotes.at(-1)).toEqual({
      region: 'ashanti',
      city: 'Kumasi',
      choices: [{ store: 2, pickup_point: 9 }],
    });

    await user.click(within(form).getByRole('button', { name: 'Place Order' }));
    await waitFor(() => {
      expect(location.current.pathname).toBe(`/order/${ORDER_ID}`);
    });
    expect(orders).toEqual([{ address_id: 5, delivery: [{ store: 2, pickup_point: 9 }] }]);
  });

  it("offers the store's own shop when it has one, and back to the door drops the choice", async () => {
    const { quotes, user } = bagPage((choices) =>
      bagQuote([
        choices.length > 0
          ? quotePart({
              store: shop,
              method: 'store',
              fee: 0,
              store_pickup_available: true,
              store_address: '4 Bank Rd, Kumasi',
            })
          : quotePart({
              store: shop,
              store_pickup_available: true,
              store_address: '4 Bank Rd, Kumasi',
            }),
      ]),
    );
    await user.click(await screen.findByRole('button', { name: 'Proceed to Checkout' }));
    const part = await screen.findByRole('group', { name: 'From Kumasi Books' });
    await user.click(within(part).getByRole('radio', { name: /Collect from the store's shop/ }));
    await waitFor(() => {
      expect(part).toHaveTextContent('Collection: Free · ready from Tue 1 Dec');
    });
    expect(part).toHaveTextContent('4 Bank Rd, Kumasi');
    await user.click(within(part).getByRole('radio', { name: 'Delivery to your door' }));
    await waitFor(() => {
      expect(part).toHaveTextContent('Delivery: GH₵ 20.00');
    });
    expect(quotes.map((q) => (q as { choices: unknown[] }).choices)).toEqual([
      [],
      [{ store: 2, store_pickup: true }],
      [],
    ]);
  });

  it('a part the store cannot deliver blocks the order with its reason', async () => {
    const reason = 'We do not deliver to Ashanti yet.';
    const { orders, user } = bagPage(() =>
      bagQuote([
        quotePart({ store: hub }),
        quotePart({ store: shop, available: false, reason, fee: null, from: null, to: null }),
      ]),
    );
    await user.click(await screen.findByRole('button', { name: 'Proceed to Checkout' }));
    const part = await screen.findByRole('group', { name: 'From Kumasi Books' });
    expect(part).toHaveTextContent(reason);
    const place = screen.getByRole('button', { name: 'Place Order' });
    expect(place).toBeDisabled();
    expect(screen.getByRole('form', { name: 'Shipping details' })).toHaveTextContent(
      `${reason}Place Order`,
    );
    expect(orders).toEqual([]);
  });
});

describe('order page delivery', () => {
  it('shows each part’s promise, the pickup station, and the items, delivery and total', async () => {
    window.localStorage.setItem('access', fakeJwt(600));
    const base = order();
    const item = base.items[0];
    if (!item) throw new Error('the fixture has a line');
    server.use(
      http.get('/api/auth/users/me/', () => HttpResponse.json(shopperMe)),
      http.get(`/api/store/orders/${ORDER_ID}/`, () =>
        HttpResponse.json(
          order({
            amount: 7843,
            items_amount: 7798,
            delivery_amount: 45,
            items: [item, { ...item, id: 71, name: 'Novel' }],
            fulfilment: [
              {
                store: hub,
                status: 'pending',
                tracking_note: '',
                shipped_at: null,
                delivered_at: null,
                item_ids: [70],
                delivery: {
                  method: 'door',
                  fee: 35,
                  from: '2026-12-02',
                  to: '2026-12-03',
                  same_day: false,
                  pickup_point: null,
                  late: false,
                },
              },
              {
                store: shop,
                status: 'pending',
                tracking_note: '',
                shipped_at: null,
                delivered_at: null,
                item_ids: [71],
                delivery: {
                  method: 'pickup',
                  fee: 10,
                  from: '2026-12-01',
                  to: '2026-12-02',
                  same_day: false,
                  pickup_point: {
                    name: 'Adum Pickup Station',
                    address: 'Prempeh II St',
                    hours: 'Mon–Sat 8:00–18:00',
                    city: 'Kumasi',
                    region_name: 'Ashanti',
                  },
                  late: false,
                },
              },
            ],
          }),
        ),
      ),
    );
    renderApp(`/order/${ORDER_ID}`);
    const hubPart = await screen.findByRole('region', { name: 'From Accra Game Hub' });
    expect(hubPart).toHaveTextContent('Arrives Wed 2 Dec – Thu 3 Dec');
    expect(hubPart).toHaveTextContent('Delivery GH₵ 35.00');
    const shopPart = screen.getByRole('region', { name: 'From Kumasi Books' });
    expect(shopPart).toHaveTextContent('Ready for pickup at Adum Pickup Station from Tue 1 Dec');
    expect(shopPart).toHaveTextContent('Prempeh II St, Kumasi, Ashanti Region');
    expect(shopPart).toHaveTextContent('Open Mon–Sat 8:00–18:00');
    const summary = screen.getByRole('region', { name: 'Order summary' });
    expect(within(summary).getByText('Items (4)').nextSibling).toHaveTextContent('GH₵ 7,798.00');
    expect(within(summary).getByText('Delivery').nextSibling).toHaveTextContent('GH₵ 45.00');
    expect(within(summary).getByText('Total').nextSibling).toHaveTextContent('GH₵ 7,843.00');
  });
});
