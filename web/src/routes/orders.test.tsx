import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { momoPayment, order, ORDER_ID } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';
import { fakeJwt } from '@/test/tokens';

function signedInAt(path: string) {
  window.localStorage.setItem('access', fakeJwt(600));
  server.use(http.get('/api/store/cart-items/', () => HttpResponse.json([])));
  return renderApp(path);
}

afterEach(() => {
  vi.useRealTimers();
});

const PAID_ID = '1f1c2b7e-5d4a-4e8b-9a61-0c2f3d4e5a6b';

describe('orders list', () => {
  it('shows cards with status badges; only pending orders offer delete', async () => {
    server.use(
      http.get('/api/store/orders/', () =>
        HttpResponse.json([order(), order({ id: PAID_ID, status: 'processing' })]),
      ),
    );
    signedInAt('/orders');
    const list = await screen.findByRole('list', { name: 'Your orders' });
    const [pending, paid, ...rest] = within(list).getAllByRole('listitem');
    if (!pending || !paid) throw new Error('two order cards expected');
    expect(rest).toHaveLength(0);
    expect(within(pending).getByRole('link', { name: 'Order #9F1C2B7E' })).toHaveAttribute(
      'href',
      `/order/${ORDER_ID}`,
    );
    expect(within(pending).getByText('Pending')).toHaveAttribute('data-status', 'pending');
    expect(
      within(pending).getByRole('button', { name: 'Delete order #9F1C2B7E' }),
    ).toBeInTheDocument();
    expect(within(paid).getByText('Processing')).toBeInTheDocument();
    expect(within(paid).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New Order' })).toHaveAttribute('href', '/products');
  });

  it('deletes after confirming and says why a delete failed', async () => {
    let deletes = 0;
    server.use(
      http.get('/api/store/orders/', () => HttpResponse.json([order()])),
      http.delete(`/api/store/orders/${ORDER_ID}/`, () => {
        deletes += 1;
        return HttpResponse.json(
          { detail: 'Only pending orders can be deleted.', code: 'order_not_deletable' },
          { status: 409 },
        );
      }),
    );
    signedInAt('/orders');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete order #9F1C2B7E' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete order #9F1C2B7E?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep Order' }));
    expect(deletes).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Delete order #9F1C2B7E' }));
    await user.click(screen.getByRole('button', { name: 'Delete Order' }));
    expect(
      await screen.findByText('Failed to delete order: Only pending orders can be deleted.'),
    ).toBeInTheDocument();
    expect(deletes).toBe(1);
  });

  it('removes a deleted order and shows the empty text with its link', async () => {
    server.use(
      http.get('/api/store/orders/', () => HttpResponse.json([order()])),
      http.delete(`/api/store/orders/${ORDER_ID}/`, () => new HttpResponse(null, { status: 204 })),
    );
    signedInAt('/orders');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete order #9F1C2B7E' }));
    await user.click(screen.getByRole('button', { name: 'Delete Order' }));
    expect(await screen.findByText('No orders found.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start shopping' })).toHaveAttribute(
      'href',
      '/products',
    );
  });

  it('shows the load failure text', async () => {
    server.use(http.get('/api/store/orders/', () => HttpResponse.error()));
    signedInAt('/orders');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load orders. Please try again.',
    );
  });
});

describe('order detail', () => {
  it.each([`/order/${ORDER_ID}`, `/orders/${ORDER_ID}`])(
    '%s shows the order with Pay Now while pending',
    async (path) => {
      server.use(http.get(`/api/store/orders/${ORDER_ID}/`, () => HttpResponse.json(order())));
      signedInAt(path);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Order Details' }),
      ).toBeInTheDocument();
      expect(screen.getByText('#9F1C2B7E')).toBeInTheDocument();
      expect(screen.getByText('12 Ring Rd, Osu, Accra')).toBeInTheDocument();
      expect(screen.getByText('+233 24 123 4567')).toBeInTheDocument();
      expect(screen.getAllByText('GH₵ 7,798.00').length).toBeGreaterThan(0);
      // Placed with the free-text address only: nothing was arranged to deliver.
      expect(screen.queryByText('Delivery')).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'X-Box Series S 512GB' })).toHaveAttribute(
        'href',
        '/store/products/101',
      );
      expect(screen.getByRole('link', { name: 'Pay Now' })).toHaveAttribute(
        'href',
        `/payment/${ORDER_ID}`,
      );
      expect(screen.getByRole('link', { name: 'Back to Orders' })).toHaveAttribute(
        'href',
        '/orders',
      );
    },
  );

  it('says when a mobile money payment of the pending order waits for approval', async () => {
    server.use(
      http.get(`/api/store/orders/${ORDER_ID}/`, () => HttpResponse.json(order())),
      // Found only by asking for this order's attempts: behind newer ones on other orders, the
      // shopper's first page would not hold it.
      http.get('/api/store/payments/', ({ request }) => {
        const mine = new URL(request.url).searchParams.get('order') === ORDER_ID;
        const results = mine ? [momoPayment()] : [];
        return HttpResponse.json({ count: results.length, next: null, previous: null, results });
      }),
    );
    signedInAt(`/order/${ORDER_ID}`);
    expect(
      await screen.findByText(
        'A MTN MoMo payment from 0551234987 is waiting for approval on the phone.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pay Now' })).toBeInTheDocument();
  });

  it('asks for waiting payments again only while one waits, and re-reads the order once it settles', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let asked = 0;
    let waiting = [momoPayment()];
    let status: 'pending' | 'processing' = 'pending';
    server.use(
      http.get(`/api/store/orders/${ORDER_ID}/`, () => HttpResponse.json(order({ status }))),
      http.get('/api/store/payments/', () => {
        asked += 1;
        return HttpResponse.json({
          count: waiting.length,
          next: null,
          previous: null,
          results: waiting,
        });
      }),
    );
    signedInAt(`/order/${ORDER_ID}`);
    await screen.findByText(/is waiting for approval on the phone/);
    expect(asked).toBe(1);
    waiting = [];
    status = 'processing'; // the charge was approved
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });
    await waitFor(() => {
      expect(screen.queryByText(/is waiting for approval/)).not.toBeInTheDocument();
    });
    await waitFor(() => {
      expect(screen.queryByRole('link', { name: 'Pay Now' })).not.toBeInTheDocument();
    });
    expect(asked).toBe(2);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000);
    });
    expect(asked).toBe(2);
  });

  it.each(['processing', 'shipped', 'delivered', 'cancelled'] as const)(
    'a %s order has no Pay Now',
    async (status) => {
      server.use(
        http.get(`/api/store/orders/${ORDER_ID}/`, () => HttpResponse.json(order({ status }))),
      );
      signedInAt(`/order/${ORDER_ID}`);
      await screen.findByRole('heading', { level: 1, name: 'Order Details' });
      expect(screen.queryByRole('link', { name: 'Pay Now' })).not.toBeInTheDocument();
    },
  );

  it("shows each store's part with its status, tracking note and times", async () => {
    const items = order().items;
    const headset = {
      id: 71,
      product: { id: 102, name: 'Gaming Headset', images: [] },
      name: 'Gaming Headset',
      quantity: 1,
      unit_price: '450.00',
      total_price: 450,
    };
    server.use(
      http.get(`/api/store/orders/${ORDER_ID}/`, () =>
        HttpResponse.json(
          order({
            status: 'processing',
            paid_at: '2026-03-01T09:12:00.000Z',
            items: [...items, headset],
            fulfilment: [
              {
                store: { id: 3, name: 'Accra Game Hub' },
                status: 'delivered',
                tracking_note: 'VIP Bus parcel 4471, arrives Kumasi Fri',
                shipped_at: '2026-03-02T10:00:00.000Z',
                delivered_at: '2026-03-04T15:30:00.000Z',
                item_ids: [70],
              },
              {
                store: { id: 5, name: 'Kumasi Phones' },
                status: 'processing',
                tracking_note: '',
                shipped_at: null,
                delivered_at: null,
                item_ids: [71],
              },
            ],
          }),
        ),
      ),
    );
    signedInAt(`/order/${ORDER_ID}`);
    const hub = await screen.findByRole('region', { name: 'From Accra Game Hub' });
    expect(within(hub).getByText('Delivered', { selector: '[data-status]' })).toBeInTheDocument();
    expect(within(hub).getByText('VIP Bus parcel 4471, arrives Kumasi Fri')).toBeInTheDocument();
    expect(within(hub).getByText('2 Mar 2026, 10:00')).toBeInTheDocument();
    expect(within(hub).getByText('4 Mar 2026, 15:30')).toBeInTheDocument();
    expect(within(hub).getByRole('link', { name: 'X-Box Series S 512GB' })).toBeInTheDocument();
    expect(within(hub).queryByRole('link', { name: 'Gaming Headset' })).not.toBeInTheDocument();

    const phones = screen.getByRole('region', { name: 'From Kumasi Phones' });
    expect(
      within(phones).getByText('Processing', { selector: '[data-status]' }),
    ).toBeInTheDocument();
    expect(within(phones).queryByText('Shipped')).not.toBeInTheDocument();
    expect(within(phones).getByRole('link', { name: 'Gaming Headset' })).toBeInTheDocument();
  });

  it("does not repeat a pending order's status on its store's part", async () => {
    server.use(
      http.get(`/api/store/orders/${ORDER_ID}/`, () =>
        HttpResponse.json(
          order({
            fulfilment: [
              {
                store: { id: 3, name: 'Accra Game Hub' },
                status: 'pending',
                tracking_note: '',
                shipped_at: null,
                delivered_at: null,
                item_ids: [70],
              },
            ],
          }),
        ),
      ),
    );
    signedInAt(`/order/${ORDER_ID}`);
    const hub = await screen.findByRole('region', { name: 'From Accra Game Hub' });
    expect(within(hub).getByRole('link', { name: 'X-Box Series S 512GB' })).toBeInTheDocument();
    expect(screen.getAllByText('Pending', { selector: '[data-status]' })).toHaveLength(1);
  });

  it('says when the order is not found, and when it failed to load', async () => {
    server.use(
      http.get(`/api/store/orders/${ORDER_ID}/`, () =>
        HttpResponse.json(
          { detail: 'No Order matches the given query.', code: 'not_found' },
          { status: 404 },
        ),
      ),
    );
    const { unmount } = signedInAt(`/order/${ORDER_ID}`);
    expect(await screen.findByRole('heading', { name: 'Order Not Found' })).toBeInTheDocument();
    expect(screen.getByText('The requested order could not be located')).toBeInTheDocument();
    unmount();
    server.use(http.get(`/api/store/orders/${ORDER_ID}/`, () => HttpResponse.error()));
    signedInAt(`/order/${ORDER_ID}`);
    await waitFor(() => {
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Failed to load order details. Please try again later.',
      );
    });
  });
});
