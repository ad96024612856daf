import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { page, SELLER_ORDER_ID, sellerAt, sellerOrder, sellerStore } from '@/test/seller-fixtures';
import { server } from '@/test/server';

const SHIPPED_ID = '6e1c2b7e-5d4a-4e8b-9a61-0c2f3d4e5a6b';

/** Answers the order list with `orders`, recording each request's query. */
function orderList(orders: () => ReturnType<typeof sellerOrder>[]) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get('/api/seller/orders/', ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return HttpResponse.json(page(orders()));
    }),
  );
  return queries;
}

describe('seller orders', () => {
  it('shows each order with buyer, address, contact, lines, total and history', async () => {
    orderList(() => [
      sellerOrder(),
      sellerOrder({
        id: SHIPPED_ID,
        status: 'shipped',
        tracking_note: 'DHL 123',
        events: [
          { status: 'shipped', note: 'DHL 123', at: '2026-03-02T10:00:00.000Z', actor: 'kwame' },
        ],
      }),
    ]);
    sellerAt('/seller/orders');
    const user = userEvent.setup();
    const first = await screen.findByRole('article', { name: 'Order #5E1C2B7E' });
    expect(within(first).getByText('Processing')).toBeInTheDocument();
    expect(within(first).queryByText('Buyer')).not.toBeInTheDocument();
    expect(within(first).getByText('12 Ring Rd, Osu, Accra')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: '+233 24 123 4567' })).toHaveAttribute(
      'href',
      'tel:+233241234567',
    );
    expect(within(first).getByText('X-Box Series S 512GB')).toBeInTheDocument();
    expect(within(first).getByText('GH₵ 3,899.00')).toBeInTheDocument();
    expect(within(first).getAllByText('GH₵ 7,798.00')).toHaveLength(2);
    expect(
      within(first).getByRole('button', { name: 'Mark shipped: order #5E1C2B7E' }),
    ).toBeInTheDocument();
    expect(within(first).queryByText(/History/)).not.toBeInTheDocument();

    const second = screen.getByRole('article', { name: 'Order #6E1C2B7E' });
    expect(within(second).getByText('Tracking note').nextElementSibling).toHaveTextContent(
      'DHL 123',
    );
    expect(
      within(second).getByRole('button', { name: 'Mark delivered: order #6E1C2B7E' }),
    ).toBeInTheDocument();
    await user.click(within(second).getByText('History (1)'));
    expect(within(second).getByText(/by kwame/)).toBeVisible();
  });

  it('shows a structured delivery address instead of the free text when the order has one', async () => {
    orderList(() => [
      sellerOrder({
        delivery_address: {
          recipient_name: 'Abena Owusu',
          phone: '+233207654321',
          region: 'ashanti',
          region_name: 'Ashanti',
          city: 'Kumasi',
          area: 'Asokwa, 3rd Ring Road',
          digital_address: 'AK-0395-0281',
          landmark: 'Behind the Asokwa police station',
          directions: 'Yellow gate',
        },
      }),
    ]);
    sellerAt('/seller/orders');
    const card = await screen.findByRole('article', { name: 'Order #5E1C2B7E' });
    expect(within(card).queryByText('12 Ring Rd, Osu, Accra')).not.toBeInTheDocument();
    expect(within(card).getByText('Delivery address').nextElementSibling).toHaveTextContent(
      'Abena Owusu020 765 4321Asokwa, 3rd Ring RoadKumasi, Ashanti RegionDigital address: AK-0395-0281Landmark: Behind the Asokwa police stationDirections: Yellow gate',
    );
    expect(within(card).getByRole('link', { name: '020 765 4321' })).toHaveAttribute(
      'href',
      'tel:+233207654321',
    );
  });

  it('shows each part’s promise, and flags a late one', async () => {
    orderList(() => [
      sellerOrder({
        delivery: {
          method: 'door',
          fee: 20,
          from: '2026-12-01',
          to: '2026-12-03',
          same_day: false,
          pickup_point: null,
          late: true,
        },
      }),
      sellerOrder({
        id: SHIPPED_ID,
        status: 'shipped',
        delivery: {
          method: 'pickup',
          fee: 0,
          from: '2026-12-02',
          to: '2026-12-04',
          same_day: false,
          pickup_point: {
            name: 'Adum Station',
            address: 'Prempeh II St',
            hours: 'Daily 9–17',
            city: 'Kumasi',
            region_name: 'Ashanti',
          },
          late: false,
        },
      }),
    ]);
    sellerAt('/seller/orders');
    const late = await screen.findByRole('article', { name: 'Order #5E1C2B7E' });
    expect(within(late).getByText('Late — promised by Thu 3 Dec')).toBeVisible();
    expect(within(late).getByText('Delivery').nextElementSibling).toHaveTextContent(
      'Door delivery: arrives by Thu 3 DecDelivery fee GH₵ 20.00',
    );
    const pickup = screen.getByRole('article', { name: 'Order #6E1C2B7E' });
    expect(within(pickup).queryByText(/Late/)).not.toBeInTheDocument();
    expect(within(pickup).getByText('Delivery').nextElementSibling).toHaveTextContent(
      'Pickup at Adum Station, Prempeh II St, KumasiReady by Fri 4 Dec · free',
    );
  });

  it('filters by status with the tabs', async () => {
    const queries = orderList(() => [sellerOrder()]);
    const { location } = sellerAt('/seller/orders');
    const user = userEvent.setup();
    const tabs = await screen.findByRole('navigation', { name: 'Order status' });
    expect(within(tabs).getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page');
    await screen.findByRole('article');
    expect(queries[0]?.has('status')).toBe(false);
    await user.click(within(tabs).getByRole('link', { name: 'Shipped' }));
    await waitFor(() => {
      expect(queries.at(-1)?.get('status')).toBe('shipped');
    });
    expect(location.current.search).toBe('?status=shipped');
    expect(within(tabs).getByRole('link', { name: 'Shipped' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await user.click(within(tabs).getByRole('link', { name: 'All' }));
    await waitFor(() => {
      expect(location.current.search).toBe('');
    });
  });

  it('marks an order shipped with its tracking note', async () => {
    let shipped = false;
    let sent: unknown;
    orderList(() => [
      shipped ? sellerOrder({ status: 'shipped', tracking_note: 'DHL 99' }) : sellerOrder(),
    ]);
    server.use(
      http.post(`/api/seller/orders/${SELLER_ORDER_ID}/ship/`, async ({ request }) => {
        sent = await request.json();
        shipped = true;
        return HttpResponse.json(sellerOrder({ status: 'shipped', tracking_note: 'DHL 99' }));
      }),
    );
    sellerAt('/seller/orders');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Mark shipped: order #5E1C2B7E' }));
    const dialog = screen.getByRole('dialog', { name: 'Mark order #5E1C2B7E shipped' });
    const note = within(dialog).getByRole('textbox', { name: 'Tracking note (optional)' });
    expect(note).toHaveFocus();
    expect(note).toHaveAttribute('maxlength', '500');
    await user.type(note, ' DHL 99 ');
    await user.click(within(dialog).getByRole('button', { name: 'Mark shipped' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Order #5E1C2B7E marked shipped.');
    expect(sent).toEqual({ tracking_note: 'DHL 99' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const card = screen.getByRole('article', { name: 'Order #5E1C2B7E' });
    expect(within(card).getByText('Shipped')).toBeInTheDocument();
    expect(
      within(card).getByRole('button', { name: 'Mark delivered: order #5E1C2B7E' }),
    ).toBeInTheDocument();
  });

  it('shows the server’s reason when the step is not allowed', async () => {
    orderList(() => [sellerOrder()]);
    server.use(
      http.post(`/api/seller/orders/${SELLER_ORDER_ID}/ship/`, () =>
        HttpResponse.json(
          { detail: 'This order was already shipped.', code: 'invalid_transition' },
          { status: 409 },
        ),
      ),
    );
    sellerAt('/seller/orders');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Mark shipped: order #5E1C2B7E' }));
    const dialog = screen.getByRole('dialog', { name: 'Mark order #5E1C2B7E shipped' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark shipped' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Failed to mark the order shipped. This order was already shipped.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('marks a shipped order delivered, and shows a refusal on the card', async () => {
    let calls = 0;
    orderList(() => [sellerOrder({ status: calls > 1 ? 'delivered' : 'shipped' })]);
    server.use(
      http.post(`/api/seller/orders/${SELLER_ORDER_ID}/deliver/`, () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json(
              { detail: 'Only a shipped order can be delivered.', code: 'invalid_transition' },
              { status: 409 },
            )
          : HttpResponse.json(sellerOrder({ status: 'delivered' }));
      }),
    );
    sellerAt('/seller/orders');
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Mark delivered: order #5E1C2B7E' });
    await user.click(button);
    const card = screen.getByRole('article', { name: 'Order #5E1C2B7E' });
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      'Failed to mark the order delivered. Only a shipped order can be delivered.',
    );
    await user.click(button);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Order #5E1C2B7E marked delivered.',
    );
    expect(within(card).getByText('Delivered')).toBeInTheDocument();
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says when there are no orders, and when they failed to load', async () => {
    orderList(() => []);
    const { unmount } = sellerAt('/seller/orders?status=delivered');
    expect(await screen.findByText('No orders with this status.')).toBeInTheDocument();
    unmount();
    server.use(http.get('/api/seller/orders/', () => HttpResponse.error()));
    sellerAt('/seller/orders');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load your orders. Please try again.',
    );
  });

  it('offers marking a pay-on-delivery part paid, and cancels it with a reason', async () => {
    const cod = (over = {}) =>
      sellerOrder({
        paid_at: null,
        payment_method: 'pay_on_delivery',
        due_on_delivery: 7798,
        paid_on_delivery_at: null,
        cancelled_at: null,
        cancel_reason: '',
        ...over,
      });
    let current = cod();
    orderList(() => [current]);
    const reasons: unknown[] = [];
    server.use(
      http.post(`/api/seller/orders/${SELLER_ORDER_ID}/cancel/`, async ({ request }) => {
        reasons.push(await request.json());
        current = cod({
          status: 'cancelled',
          due_on_delivery: null,
          cancelled_at: '2026-03-02T10:00:00.000Z',
          cancel_reason: 'Nobody answered the rider.',
        });
        return HttpResponse.json(current);
      }),
    );
    sellerAt('/seller/orders');
    const user = userEvent.setup();
    const card = await screen.findByRole('article', { name: 'Order #5E1C2B7E' });
    expect(card).toHaveTextContent(/collect GH₵\s7,798\.00 when you hand it over/);
    // A pay-on-delivery part is delivered by marking it paid, never plainly.
    expect(within(card).queryByRole('button', { name: /delivered/ })).not.toBeInTheDocument();
    expect(
      within(card).getByRole('button', { name: 'Mark paid on delivery: order #5E1C2B7E' }),
    ).toBeVisible();
    // No refund of a part nobody paid online.
    expect(within(card).queryByRole('button', { name: /Refund/ })).not.toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Cancel order #5E1C2B7E' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel order #5E1C2B7E' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Tell the buyer why the order is cancelled.',
    );
    expect(reasons).toEqual([]);
    await user.type(within(dialog).getByLabelText(/Reason/), '  Nobody answered the rider. ');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Order #5E1C2B7E cancelled. The buyer has been told.',
    );
    expect(reasons).toEqual([{ reason: 'Nobody answered the rider.' }]);
    expect(within(card).getByText('Nobody answered the rider.')).toBeVisible();
    expect(
      within(card).queryByRole('button', { name: /Mark paid on delivery/ }),
    ).not.toBeInTheDocument();
  });

  it('refunds part of a paid order only when staff allow it, one key per amount', async () => {
    orderList(() => [sellerOrder()]);
    const keys: string[] = [];
    const bodies: unknown[] = [];
    server.use(
      http.post(`/api/seller/orders/${SELLER_ORDER_ID}/refunds/`, async ({ request }) => {
        keys.push(request.headers.get('Idempotency-Key') ?? '');
        bodies.push(await request.json());
        return HttpResponse.json(
          {
            id: 4,
            order: SELLER_ORDER_ID,
            payment: 9,
            amount: '10.00',
            amount_minor: 1000,
            currency: 'GHS',
            status: 'processed',
            reason: 'Scratched',
            store: 3,
            created_at: '2026-03-02T10:00:00.000Z',
            processed_at: '2026-03-02T10:00:00.000Z',
          },
          { status: keys.length === 1 ? 201 : 200 },
        );
      }),
    );
    sellerAt('/seller/orders', { store: sellerStore({ can_refund: true }) });
    const user = userEvent.setup();
    const card = await screen.findByRole('article', { name: 'Order #5E1C2B7E' });
    await user.click(within(card).getByRole('button', { name: 'Refund order #5E1C2B7E' }));
    const form = within(card).getByRole('form', { name: 'Refund order #5E1C2B7E' });
    await user.type(within(form).getByLabelText(/Amount in GH₵/), 'ten');
    await user.click(within(form).getByRole('button', { name: 'Send refund' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(/Type the amount in cedis/);
    expect(bodies).toEqual([]);
    await user.clear(within(form).getByLabelText(/Amount in GH₵/));
    await user.type(within(form).getByLabelText(/Amount in GH₵/), '10');
    await user.type(within(form).getByLabelText('Reason (optional)'), 'Scratched');
    await user.click(within(form).getByRole('button', { name: 'Send refund' }));
    expect(await within(form).findByRole('status')).toHaveTextContent(
      /Refund of GH₵\s10\.00 sent\./,
    );
    // A second tap of the same refund replays it under the same key.
    await user.click(within(form).getByRole('button', { name: 'Send refund' }));
    await waitFor(() => {
      expect(keys).toHaveLength(2);
    });
    expect(keys[0]).not.toBe('');
    expect(keys[1]).toBe(keys[0]);
    expect(bodies[0]).toEqual({ amount_minor: 1000, reason: 'Scratched' });
  });

  it('offers no refund when staff do not allow store refunds', async () => {
    orderList(() => [sellerOrder()]);
    sellerAt('/seller/orders', { store: sellerStore({ can_refund: false }) });
    const card = await screen.findByRole('article', { name: 'Order #5E1C2B7E' });
    expect(within(card).getByRole('button', { name: /Mark shipped: order / })).toBeVisible();
    expect(within(card).queryByRole('button', { name: /Refund/ })).not.toBeInTheDocument();
  });
});
