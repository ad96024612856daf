import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { CommissionRates, PayoutSettings, StoreBalance } from '@/features/admin/api/payouts';
import { shopperMe } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';
import { fakeJwt } from '@/test/tokens';

const pageOf = <T,>(results: T[]) => ({
  count: results.length,
  next: null,
  previous: null,
  results,
});

function storeBalance(fields: Partial<StoreBalance> = {}): StoreBalance {
  return {
    store: 3,
    store_name: 'Accra Game Hub',
    pending_minor: 120000,
    available_minor: 345050,
    in_flight_minor: 0,
    paid_out_minor: 1000000,
    held: false,
    hold_reason: null,
    account_verified: true,
    last_payout_at: '2026-11-23T08:00:00.000Z',
    ...fields,
  };
}

const SETTINGS: PayoutSettings = {
  default_commission_bps: 1000,
  holding_days: 7,
  minimum_payout_minor: 5000,
  weekly_payouts: true,
  updated_at: null,
};

const RATES: CommissionRates = {
  default_bps: 1000,
  categories: [{ category: 5, name: 'Consoles', rate_bps: 800 }],
  stores: [],
};

/** Staff on /admin/payouts with every read answered (the balances from `balances()` each time). */
function staffAt(balances: () => StoreBalance[], rates: () => CommissionRates = () => RATES) {
  window.localStorage.setItem('access', fakeJwt(600));
  server.use(
    http.get('/api/store/cart-items/', () => HttpResponse.json([])),
    http.get('/api/auth/users/me/', () => HttpResponse.json({ ...shopperMe, is_staff: true })),
    http.get('/api/admin/payouts/balances/', () => HttpResponse.json(pageOf(balances()))),
    http.get('/api/admin/payouts/commission/', () =>
      HttpResponse.json({
        total_minor: 1234550,
        months: [
          { month: '2026-11', amount_minor: 734550 },
          { month: '2026-10', amount_minor: 500000 },
        ],
      }),
    ),
    http.get('/api/admin/payouts/', () =>
      HttpResponse.json(
        pageOf([
          {
            id: 9,
            reference: 'po_9f1c2b7e',
            store: 3,
            store_name: 'Accra Game Hub',
            amount_minor: 250000,
            status: 'paid',
            trigger: 'schedule',
            account_type: 'mobile_money',
            bank_name: 'MTN Mobile Money',
            account_number: '0241234567',
            account_name: 'KWAME MENSAH',
            failure_reason: null,
            created_at: '2026-11-23T08:00:00.000Z',
            completed_at: '2026-11-23T08:01:00.000Z',
          },
        ]),
      ),
    ),
    http.get('/api/admin/settings/payouts/', () => HttpResponse.json(SETTINGS)),
    http.get('/api/admin/commission-rates/', () => HttpResponse.json(rates())),
    http.get('/api/admin/categories/', () =>
      HttpResponse.json([
        {
          id: 1,
          parent: null,
          level: 1,
          name: 'Gaming',
          slug: 'gaming',
          position: 1,
          is_active: true,
          images: [],
        },
        {
          id: 5,
          parent: 1,
          level: 2,
          name: 'Consoles',
          slug: 'consoles',
          position: 1,
          is_active: true,
          images: [],
        },
      ]),
    ),
    http.get('/api/admin/stores/', () =>
      HttpResponse.json([
        {
          id: 3,
          name: 'Accra Game Hub',
          logo: '',
          description: '',
          contact_info: '',
          address: '',
          is_active: true,
          created_at: '2026-02-01T09:00:00.000Z',
          owner: 'kwame',
          products: 12,
        },
      ]),
    ),
  );
  renderApp('/admin/payouts');
}

describe('staff payouts', () => {
  it("shows every store's balances, the commission income and the recent payouts", async () => {
    staffAt(() => [
      storeBalance(),
      storeBalance({
        store: 4,
        store_name: 'Kumasi Kente House',
        account_verified: false,
        last_payout_at: null,
      }),
    ]);
    const hub = await screen.findByRole('article', { name: 'Accra Game Hub' });
    expect(hub).toHaveTextContent('PendingGH₵ 1,200.00');
    expect(hub).toHaveTextContent('AvailableGH₵ 3,450.50');
    expect(hub).toHaveTextContent('In progressGH₵ 0.00');
    expect(hub).toHaveTextContent('Paid outGH₵ 10,000.00');
    expect(hub).toHaveTextContent('Payout account verified');
    expect(screen.getByRole('article', { name: 'Kumasi Kente House' })).toHaveTextContent(
      'No payout account yet',
    );
    const income = screen.getByRole('region', { name: 'Commission income' });
    expect(await within(income).findByText('GH₵ 12,345.50')).toBeInTheDocument();
    expect(income).toHaveTextContent('November 2026GH₵ 7,345.50');
    expect(income).toHaveTextContent('October 2026GH₵ 5,000.00');
    const recent = await screen.findByRole('list', { name: 'Recent payouts' });
    expect(recent).toHaveTextContent('Accra Game Hub');
    expect(recent).toHaveTextContent('Paid');
    expect(recent).toHaveTextContent('Weekly payout');
  });

  it('holds a store with a required reason, then releases it', async () => {
    const holds: unknown[] = [];
    let current = storeBalance();
    server.use(
      http.put('/api/admin/payouts/holds/3/', async ({ request }) => {
        holds.push(await request.json());
        current = storeBalance({ held: true, hold_reason: 'Buyer dispute on order #5E1C2B7E' });
        return HttpResponse.json(current);
      }),
      http.delete('/api/admin/payouts/holds/3/', () => {
        current = storeBalance();
        return HttpResponse.json(current);
      }),
    );
    staffAt(() => [current]);
    const user = userEvent.setup();
    const hub = await screen.findByRole('article', { name: 'Accra Game Hub' });
    await user.click(within(hub).getByRole('button', { name: 'Hold payouts' }));
    await user.click(within(hub).getByRole('button', { name: 'Hold payouts' }));
    expect(await within(hub).findByRole('alert')).toHaveTextContent(
      'Give the reason for holding the payouts: the store sees it.',
    );
    expect(holds).toEqual([]);

    await user.type(
      within(hub).getByRole('textbox', { name: /Reason for holding/ }),
      'Buyer dispute on order #5E1C2B7E',
    );
    await user.click(within(hub).getByRole('button', { name: 'Hold payouts' }));
    expect(await within(hub).findByText('Payouts held')).toBeInTheDocument();
    expect(hub).toHaveTextContent('Reason: Buyer dispute on order #5E1C2B7E');
    expect(within(hub).getByRole('status')).toHaveTextContent(
      'Payouts of Accra Game Hub are held.',
    );
    expect(holds).toEqual([{ reason: 'Buyer dispute on order #5E1C2B7E' }]);

    await user.click(within(hub).getByRole('button', { name: 'Release payouts' }));
    expect(await within(hub).findByRole('button', { name: 'Hold payouts' })).toBeInTheDocument();
    expect(within(hub).queryByText('Payouts held')).not.toBeInTheDocument();
  });

  it("shows the server's refusal of a hold", async () => {
    server.use(
      http.put('/api/admin/payouts/holds/3/', () =>
        HttpResponse.json(
          { reason: ['Ensure this field has no more than 500 characters.'] },
          { status: 400 },
        ),
      ),
    );
    staffAt(() => [storeBalance()]);
    const user = userEvent.setup();
    const hub = await screen.findByRole('article', { name: 'Accra Game Hub' });
    await user.click(within(hub).getByRole('button', { name: 'Hold payouts' }));
    await user.type(within(hub).getByRole('textbox', { name: /Reason for holding/ }), 'Dispute');
    await user.click(within(hub).getByRole('button', { name: 'Hold payouts' }));
    expect(await within(hub).findByRole('alert')).toHaveTextContent(
      'Ensure this field has no more than 500 characters.',
    );
  });

  it('credits and debits a store with a reason, one key per form, and shows the refusals', async () => {
    const posts: { key: string | null; body: unknown }[] = [];
    let current = storeBalance();
    server.use(
      http.post('/api/admin/payouts/adjustments/', async ({ request }) => {
        const body = (await request.json()) as { amount_minor: number; reason: string };
        posts.push({ key: request.headers.get('Idempotency-Key'), body });
        if (body.reason === 'Too long') {
          return HttpResponse.json(
            { reason: ['Ensure this field has no more than 500 characters.'] },
            { status: 400 },
          );
        }
        current = storeBalance({ available_minor: current.available_minor + body.amount_minor });
        return HttpResponse.json(
          {
            id: posts.length,
            store: 3,
            amount_minor: body.amount_minor,
            reason: body.reason,
            created_at: '2026-11-28T10:00:00.000Z',
          },
          { status: 201 },
        );
      }),
    );
    staffAt(() => [current]);
    const user = userEvent.setup();
    const hub = await screen.findByRole('article', { name: 'Accra Game Hub' });

    await user.click(within(hub).getByRole('button', { name: 'Adjust balance' }));
    expect(within(hub).getByRole('radio', { name: 'Credit the store' })).toBeChecked();
    await user.click(within(hub).getByRole('button', { name: 'Post adjustment' }));
    expect(await within(hub).findByRole('alert')).toHaveTextContent(
      'Enter the amount in GH₵, more than zero, such as 25.50.',
    );
    await user.type(within(hub).getByRole('textbox', { name: /Amount/ }), '25.50');
    await user.click(within(hub).getByRole('button', { name: 'Post adjustment' }));
    expect(await within(hub).findByRole('alert')).toHaveTextContent(
      'Give the reason for the adjustment: the store sees it.',
    );
    expect(posts).toEqual([]);

    await user.type(
      within(hub).getByRole('textbox', { name: /Reason for the adjustment/ }),
      'Delivery fee we owed',
    );
    await user.click(within(hub).getByRole('button', { name: 'Post adjustment' }));
    expect(await within(hub).findByRole('status')).toHaveTextContent(
      'Accra Game Hub was credited GH₵ 25.50.',
    );
    expect(await within(hub).findByText('GH₵ 3,476.00')).toBeInTheDocument();

    await user.click(within(hub).getByRole('button', { name: 'Adjust balance' }));
    await user.click(within(hub).getByRole('radio', { name: 'Debit the store' }));
    await user.type(within(hub).getByRole('textbox', { name: /Amount/ }), '5000');
    await user.type(
      within(hub).getByRole('textbox', { name: /Reason for the adjustment/ }),
      'Too long',
    );
    await user.click(within(hub).getByRole('button', { name: 'Post adjustment' }));
    expect(await within(hub).findByRole('alert')).toHaveTextContent(
      'Ensure this field has no more than 500 characters.',
    );
    const reason = within(hub).getByRole('textbox', { name: /Reason for the adjustment/ });
    await user.clear(reason);
    await user.type(reason, 'Counterfeit phone returned');
    await user.click(within(hub).getByRole('button', { name: 'Post adjustment' }));
    expect(await within(hub).findByRole('status')).toHaveTextContent(
      'Accra Game Hub was debited GH₵ 5,000.00.',
    );
    expect(await within(hub).findByText('-GH₵ 1,524.00')).toBeInTheDocument();

    expect(posts.map((p) => p.body)).toEqual([
      { store: 3, amount_minor: 2550, reason: 'Delivery fee we owed' },
      { store: 3, amount_minor: -500000, reason: 'Too long' },
      { store: 3, amount_minor: -500000, reason: 'Counterfeit phone returned' },
    ]);
    const [first, second, third] = posts.map((p) => p.key);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    // The refused attempt and its retry are one form, one key; a new form gets a new key.
    expect(second).toBe(third);
    expect(second).not.toBe(first);
  });

  it('saves the payout settings: commission in per cent, minimum in cedis', async () => {
    const sent: unknown[] = [];
    server.use(
      http.patch('/api/admin/settings/payouts/', async ({ request }) => {
        const body = (await request.json()) as Partial<PayoutSettings>;
        sent.push(body);
        return HttpResponse.json({ ...SETTINGS, ...body, updated_at: '2026-11-28T10:00:00.000Z' });
      }),
    );
    staffAt(() => []);
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Payout settings' });
    const rate = await within(section).findByRole('textbox', { name: /Default commission/ });
    expect(rate).toHaveValue('10');
    await user.clear(rate);
    await user.type(rate, '12.5');
    const days = within(section).getByRole('textbox', { name: /Holding period/ });
    await user.clear(days);
    await user.type(days, '0');
    const minimum = within(section).getByRole('textbox', { name: /Smallest payout/ });
    expect(minimum).toHaveValue('50.00');
    await user.clear(minimum);
    await user.type(minimum, '100');
    await user.click(within(section).getByRole('switch', { name: /once a week/ }));
    await user.click(within(section).getByRole('button', { name: 'Save settings' }));
    expect(await within(section).findByRole('status')).toHaveTextContent(
      "Saved: 12.5% commission, 0 days' holding, payouts from GH₵ 100.00, on request only.",
    );
    expect(sent).toEqual([
      {
        default_commission_bps: 1250,
        holding_days: 0,
        minimum_payout_minor: 10000,
        weekly_payouts: false,
      },
    ]);
  });

  it('refuses a holding period over 90 days before sending', async () => {
    staffAt(() => []);
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Payout settings' });
    const days = await within(section).findByRole('textbox', { name: /Holding period/ });
    await user.clear(days);
    await user.type(days, '91');
    await user.click(within(section).getByRole('button', { name: 'Save settings' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'Type the holding period in days, 0 to 90.',
    );
  });

  it("sets a store's commission rate and removes a category's", async () => {
    let rates = RATES;
    const puts: unknown[] = [];
    server.use(
      http.put('/api/admin/commission-rates/stores/3/', async ({ request }) => {
        puts.push(await request.json());
        rates = { ...rates, stores: [{ store: 3, name: 'Accra Game Hub', rate_bps: 750 }] };
        return HttpResponse.json(rates);
      }),
      http.delete('/api/admin/commission-rates/categories/5/', () => {
        rates = { ...rates, categories: [] };
        return HttpResponse.json(rates);
      }),
    );
    staffAt(
      () => [],
      () => rates,
    );
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'Commission rates' });
    expect(await within(section).findByText(/Default 10%/)).toBeInTheDocument();
    expect(within(section).getByRole('list', { name: 'Rates by category' })).toHaveTextContent(
      'Consoles: 8%',
    );
    const store = within(section).getByRole('combobox', { name: 'Store' });
    await within(store).findByRole('option', { name: 'Accra Game Hub' });
    await user.selectOptions(store, 'Accra Game Hub');
    await user.type(within(section).getByRole('textbox', { name: 'Store rate (%)' }), '7.5');
    const setButtons = within(section).getAllByRole('button', { name: 'Set rate' });
    await user.click(setButtons[1] as HTMLElement);
    expect(await within(section).findByRole('list', { name: 'Rates by store' })).toHaveTextContent(
      'Accra Game Hub: 7.5%',
    );
    expect(puts).toEqual([{ rate_bps: 750 }]);

    await user.click(within(section).getByRole('button', { name: "Remove Consoles's rate" }));
    expect(await within(section).findByText('No category has its own rate.')).toBeInTheDocument();
  });

  it('names categories by their place in the tree', async () => {
    staffAt(() => []);
    const section = await screen.findByRole('region', { name: 'Commission rates' });
    const category = await within(section).findByRole('combobox', { name: 'Category' });
    expect(
      await within(category).findByRole('option', { name: 'Gaming › Consoles' }),
    ).toBeInTheDocument();
  });

  it('is for staff only', async () => {
    window.localStorage.setItem('access', fakeJwt(600));
    server.use(
      http.get('/api/store/cart-items/', () => HttpResponse.json([])),
      http.get('/api/auth/users/me/', () => HttpResponse.json(shopperMe)),
    );
    renderApp('/admin/payouts');
    expect(await screen.findByText('Your account is not a staff account.')).toBeInTheDocument();
  });
});
