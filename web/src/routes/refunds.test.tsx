import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { order, ORDER_ID, PAYMENT_REF, shopperMe } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';
import { fakeJwt } from '@/test/tokens';

function signedIn(staff: boolean) {
  window.localStorage.setItem('access', fakeJwt(600));
  server.use(
    http.get('/api/store/cart-items/', () => HttpResponse.json([])),
    http.get('/api/auth/users/me/', () => HttpResponse.json({ ...shopperMe, is_staff: staff })),
  );
}

/**
 * Staff on the refunds page, the payment settings' PATCH answered with the defaults changed by
 * `saved`; returns the bodies sent.
 */
function staffSavingSettings(saved: Record<string, unknown>) {
  const sent: unknown[] = [];
  signedIn(true);
  server.use(
    http.get('/api/admin/refunds/queue/', () => HttpResponse.json([])),
    http.patch('/api/admin/settings/payments/', async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json({
        cod_enabled: false,
        cod_max_amount: 2000,
        store_refunds: false,
        updated_at: '2026-03-02T10:00:00.000Z',
        ...saved,
      });
    }),
  );
  renderApp('/admin/refunds');
  return sent;
}

const refund = (over: Record<string, unknown> = {}) => ({
  id: 3,
  order: ORDER_ID,
  payment: 7,
  amount: '1000.00',
  amount_minor: 100000,
  currency: 'GHS',
  status: 'pending',
  reason: '',
  store: null,
  created_at: '2026-03-02T10:00:00.000Z',
  processed_at: null,
  ...over,
});

const queued = {
  payment: 7,
  order: ORDER_ID,
  payment_reference: PAYMENT_REF,
  email: 'kofi@example.com',
  channel: 'mobile_money',
  amount_minor: 389900,
  refunded_minor: 0,
  refundable_minor: 389900,
  paid_at: '2026-03-01T09:30:00.000Z',
};

describe('staff refund queue', () => {
  it('refunds a flagged payment in one tap, with one key for repeated taps', async () => {
    const keys: string[] = [];
    let left = [queued];
    signedIn(true);
    server.use(
      http.get('/api/admin/refunds/queue/', () => HttpResponse.json(left)),
      http.post('/api/admin/payments/7/refunds/', ({ request }) => {
        keys.push(request.headers.get('Idempotency-Key') ?? '');
        left = [];
        return HttpResponse.json(refund({ status: 'processed', amount_minor: 389900 }), {
          status: 201,
        });
      }),
    );
    renderApp('/admin/refunds');
    const card = await screen.findByRole('article', { name: `Payment ${PAYMENT_REF}` });
    expect(within(card).getByText(/Mobile money/)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Refund GH₵\u00a03,899.00' }));
    expect(await screen.findByText('No payments are waiting to be refunded.')).toBeInTheDocument();
    expect(keys).toHaveLength(1);
    expect(keys[0]).not.toBe('');
  });

  it('refunds part of an order and shows why the server refused more', async () => {
    const sent: unknown[] = [];
    signedIn(true);
    server.use(
      http.get('/api/admin/refunds/queue/', () => HttpResponse.json([])),
      http.post(`/api/admin/orders/${ORDER_ID}/refunds/`, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(
          { detail: 'At most GH₵ 2899.00 can still be refunded.', code: 'refund_exceeds_paid' },
          { status: 409 },
        );
      }),
    );
    renderApp('/admin/refunds');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Order id' }), ORDER_ID);
    await user.type(screen.getByRole('textbox', { name: /Amount in GH₵/ }), '3000');
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    // The page's other form (pay on delivery) keeps its own, empty, alert.
    const form = screen.getByRole('region', { name: 'Refund an order' });
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'At most GH₵ 2899.00 can still be refunded.',
    );
    expect(sent).toEqual([{ amount_minor: 300000, reason: null }]);
  });

  it('is for staff only', async () => {
    signedIn(false);
    renderApp('/admin/refunds');
    expect(await screen.findByText('Your account is not a staff account.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Refunds' })).not.toBeInTheDocument();
  });
});

describe('order page refunds', () => {
  it('shows each refund with its amount, state and date', async () => {
    signedIn(false);
    server.use(
      http.get(`/api/store/orders/${ORDER_ID}/`, () =>
        HttpResponse.json(
          order({ status: 'cancelled', paid_at: '2026-03-01T09:30:00.000Z' } as never),
        ),
      ),
      http.get(`/api/store/orders/${ORDER_ID}/refunds/`, () =>
        HttpResponse.json([
          refund({ status: 'processed', processed_at: '2026-03-02T11:00:00.000Z' }),
          refund({ id: 4, amount: '250.00', amount_minor: 25000 }),
        ]),
      ),
    );
    renderApp(`/order/${ORDER_ID}`);
    const section = await screen.findByRole('region', { name: 'Refunds' });
    const [done, waiting] = within(section).getAllByRole('listitem');
    if (!done || !waiting) throw new Error('two refunds expected');
    expect(done).toHaveTextContent('GH₵ 1,000.00');
    expect(done).toHaveTextContent('Refunded');
    expect(done).toHaveTextContent('Refunded 2 Mar 2026');
    expect(waiting).toHaveTextContent('GH₵ 250.00');
    expect(waiting).toHaveTextContent('On its way');
  });

  it('switches pay on delivery on with its ceiling', async () => {
    const sent = staffSavingSettings({ cod_enabled: true, cod_max_amount: 1500 });
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Pay on delivery' });
    const ceiling = await within(section).findByRole('textbox', {
      name: 'Highest order total in GH₵',
    });
    expect(ceiling).toHaveValue('2000');
    await user.click(within(section).getByRole('switch', { name: 'Offer pay on delivery' }));
    await user.clear(ceiling);
    await user.type(ceiling, '1500');
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    expect(await within(section).findByRole('status')).toHaveTextContent(
      /Pay on delivery is on, for orders up to GH₵\s1,500\.00\./,
    );
    expect(sent).toEqual([{ cod_enabled: true, cod_max_amount: '1500' }]);
  });

  it('lets stores refund their own orders, saved as the switch is flipped', async () => {
    const sent = staffSavingSettings({ store_refunds: true });
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Refunds by stores' });
    const toggle = await within(section).findByRole('switch', {
      name: 'Let stores refund their own orders',
    });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(await within(section).findByRole('status')).toHaveTextContent(
      'Stores may now refund their own part of paid orders.',
    );
    expect(toggle).toBeChecked();
    expect(sent).toEqual([{ store_refunds: true }]);
  });
});
