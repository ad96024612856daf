import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  OPEN_PAYOUT_REFRESH_MS,
  type LedgerEntry,
  type Payout,
  type PayoutAccount,
  type SellerBalance,
} from '@/features/seller/api/payouts';
import { page, sellerAt } from '@/test/seller-fixtures';
import { server } from '@/test/server';

const ACCOUNT: PayoutAccount = {
  type: 'mobile_money',
  bank_code: 'MTN',
  bank_name: 'MTN Mobile Money',
  account_number: '0241234567',
  account_name: 'KWAME MENSAH',
  verified_at: '2026-11-20T10:00:00.000Z',
};

function balance(fields: Partial<SellerBalance> = {}): SellerBalance {
  return {
    pending_minor: 120000,
    available_minor: 345050,
    in_flight_minor: 0,
    paid_out_minor: 1000000,
    held: false,
    hold_reason: null,
    minimum_payout_minor: 5000,
    holding_days: 7,
    weekly_payouts: true,
    can_request: true,
    cannot_request_reason: null,
    account: ACCOUNT,
    ...fields,
  };
}

function payout(fields: Partial<Payout> = {}): Payout {
  return {
    id: 1,
    reference: 'po_1',
    store: 3,
    store_name: 'Accra Game Hub',
    amount_minor: 345050,
    status: 'processing',
    trigger: 'request',
    account_type: 'mobile_money',
    bank_name: 'MTN Mobile Money',
    account_number: '0241234567',
    account_name: 'KWAME MENSAH',
    failure_reason: null,
    created_at: '2026-11-25T10:00:00.000Z',
    completed_at: null,
    ...fields,
  };
}

const line = (fields: Partial<LedgerEntry>): LedgerEntry => ({
  id: 1,
  kind: 'sale',
  bucket: 'pending',
  amount_minor: 389900,
  order: '5e1c2b7e-5d4a-4e8b-9a61-0c2f3d4e5a6b',
  order_ref: '#5E1C2B7E',
  payout: null,
  memo: '',
  created_at: '2026-11-20T10:00:00.000Z',
  ...fields,
});

/** The page's reads answered: the balance (`current` each time), no payouts and no lines unless given. */
function payoutsPage(
  current: () => SellerBalance,
  {
    payouts = [] as Payout[] | (() => Payout[]),
    ledger = [] as LedgerEntry[],
  }: { payouts?: Payout[] | (() => Payout[]); ledger?: LedgerEntry[] } = {},
) {
  server.use(
    http.get('/api/seller/balance/', () => HttpResponse.json(current())),
    http.get('/api/seller/payouts/', () =>
      HttpResponse.json(page(typeof payouts === 'function' ? payouts() : payouts)),
    ),
    http.get('/api/seller/ledger/', () => HttpResponse.json(page(ledger))),
    http.get('/api/seller/banks/', ({ request }) =>
      HttpResponse.json(
        new URL(request.url).searchParams.get('type') === 'bank'
          ? [{ code: 'GCB', name: 'GCB Bank', type: 'bank' }]
          : [
              { code: 'MTN', name: 'MTN Mobile Money', type: 'mobile_money' },
              { code: 'VOD', name: 'Telecel Cash', type: 'mobile_money' },
              { code: 'ATL', name: 'AirtelTigo Money', type: 'mobile_money' },
            ],
      ),
    ),
  );
  return sellerAt('/seller/payouts');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Seller Centre payouts', () => {
  it('shows the four balances, the account, the payouts and the balance lines', async () => {
    payoutsPage(() => balance({ in_flight_minor: 50000 }), {
      payouts: [
        payout({ id: 2, status: 'paid', completed_at: '2026-11-26T10:00:00.000Z' }),
        payout({ id: 1, status: 'failed', failure_reason: 'The wallet refused the transfer.' }),
      ],
      ledger: [
        line({
          id: 4,
          kind: 'adjustment',
          amount_minor: -120000,
          order: null,
          order_ref: null,
          bucket: 'available',
          memo: 'Counterfeit phone returned',
        }),
        line({ id: 3, kind: 'commission', amount_minor: -38990 }),
        line({ id: 2, kind: 'sale' }),
        line({ id: 1, kind: 'release', order: null, order_ref: null, bucket: 'available' }),
      ],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Payouts' })).toBeInTheDocument();
    await screen.findByText('Pending', { selector: 'dt' });
    expect(screen.getByRole('link', { name: 'Payouts' })).toHaveAttribute('aria-current', 'page');
    const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).nextSibling;
    expect(figure('Pending')).toHaveTextContent('GH₵ 1,200.00');
    expect(figure('Available')).toHaveTextContent('GH₵ 3,450.50');
    expect(figure('In progress')).toHaveTextContent('GH₵ 500.00');
    expect(figure('Paid out')).toHaveTextContent('GH₵ 10,000.00');
    expect(screen.getByText(/available 7 days after delivery/)).toBeInTheDocument();

    const account = screen.getByRole('region', { name: 'Payout account' });
    expect(account).toHaveTextContent('KWAME MENSAH');
    expect(account).toHaveTextContent('MTN Mobile Money · 0241234567');

    const payouts = await screen.findByRole('list', { name: 'Payouts' });
    const [paid, failed] = within(payouts).getAllByRole('listitem');
    expect(paid).toHaveTextContent('Paid');
    expect(failed).toHaveTextContent('Failed');
    expect(failed).toHaveTextContent(
      'The wallet refused the transfer. The money is back in your available balance.',
    );

    const lines = within(await screen.findByRole('list', { name: 'Balance history' })).getAllByRole(
      'listitem',
    );
    expect(lines.map((li) => li.textContent)).toEqual([
      expect.stringMatching(
        /^Adjustment by Dwa.*Available · Counterfeit phone returned−GH₵\u00a01,200\.00$/,
      ),
      expect.stringMatching(/^Dwa commissionorder #5E1C2B7E.*Pending−GH₵\u00a0389\.90$/),
      expect.stringMatching(/^Saleorder #5E1C2B7E.*\+GH₵\u00a03,899\.00$/),
      expect.stringMatching(/^Holding period over.*Available\+GH₵\u00a03,899\.00$/),
    ]);
  });

  it('says Dwa holds the payouts, with the reason, and does not offer a request', async () => {
    const reason = 'A buyer disputes order #5E1C2B7E.';
    payoutsPage(() =>
      balance({
        held: true,
        hold_reason: reason,
        can_request: false,
        cannot_request_reason: `Dwa is holding your payouts: ${reason}`,
      }),
    );
    const notice = await screen.findByText('Dwa is holding your payouts.');
    expect(notice.parentElement).toHaveTextContent(`Reason: ${reason}`);
    const request = screen.getByRole('button', { name: 'Request payout' });
    expect(request).toHaveAttribute('aria-disabled', 'true');
    expect(request).toHaveAccessibleDescription(`Dwa is holding your payouts: ${reason}`);
  });

  it('refuses an amount below the minimum or above the balance before sending', async () => {
    const posts: unknown[] = [];
    server.use(
      http.post('/api/seller/payouts/', async ({ request }) => {
        posts.push(await request.json());
        return HttpResponse.json(payout(), { status: 201 });
      }),
    );
    payoutsPage(() => balance());
    const user = userEvent.setup();
    const amount = await screen.findByRole('textbox', { name: /Amount in GH₵/ });
    expect(amount).toHaveValue('3450.50');
    const request = screen.getByRole('button', { name: 'Request payout' });
    expect(request).not.toHaveAttribute('aria-disabled', 'true');

    await user.clear(amount);
    await user.type(amount, '20');
    expect(request).toHaveAttribute('aria-disabled', 'true');
    expect(request).toHaveAccessibleDescription('The smallest payout is GH₵\u00a050.00.');
    await user.click(request);

    await user.clear(amount);
    await user.type(amount, '5000');
    expect(request).toHaveAccessibleDescription('You can pay out at most GH₵\u00a03,450.50.');
    await user.click(request);
    expect(posts).toEqual([]);
  });

  it('pays out part of the balance, a new key for a new amount', async () => {
    const sent: { body: unknown; key: string | null }[] = [];
    server.use(
      http.post('/api/seller/payouts/', async ({ request }) => {
        sent.push({ body: await request.json(), key: request.headers.get('Idempotency-Key') });
        return HttpResponse.json(
          {
            detail: 'Another payout is on its way. Wait for it to finish.',
            code: 'payout_in_progress',
          },
          { status: 409 },
        );
      }),
    );
    payoutsPage(() => balance());
    const user = userEvent.setup();
    const amount = await screen.findByRole('textbox', { name: /Amount in GH₵/ });
    const request = screen.getByRole('button', { name: 'Request payout' });
    await user.clear(amount);
    await user.type(amount, '1000.50');
    await user.click(request);
    const section = screen.getByRole('region', { name: 'Request a payout' });
    await within(section).findByRole('alert');
    await user.click(request);
    await waitFor(() => {
      expect(sent).toHaveLength(2);
    });
    await user.clear(amount);
    await user.type(amount, '60');
    await user.click(request);
    await waitFor(() => {
      expect(sent).toHaveLength(3);
    });
    expect(sent.map((s) => s.body)).toEqual([
      { amount_minor: 100050 },
      { amount_minor: 100050 },
      { amount_minor: 6000 },
    ]);
    // A retry of the same amount is the same attempt; another amount is a new one.
    expect(sent[1]?.key).toBe(sent[0]?.key);
    expect(sent[2]?.key).not.toBe(sent[0]?.key);
  });

  it('is off without a payout account, saying why', async () => {
    payoutsPage(() =>
      balance({
        account: null,
        can_request: false,
        cannot_request_reason: 'Add a payout account first.',
      }),
    );
    const request = await screen.findByRole('button', { name: 'Request payout' });
    expect(request).toHaveAttribute('aria-disabled', 'true');
    expect(request).toHaveAccessibleDescription('Add a payout account first.');
    expect(screen.getByRole('form', { name: 'Payout account' })).toBeInTheDocument();
  });

  it('pays out the whole balance with one key per attempt and shows the new payout', async () => {
    const sent: { body: unknown; key: string | null }[] = [];
    let current = balance();
    let payouts: Payout[] = [];
    server.use(
      http.post('/api/seller/payouts/', async ({ request }) => {
        sent.push({ body: await request.json(), key: request.headers.get('Idempotency-Key') });
        current = balance({
          available_minor: 0,
          in_flight_minor: 345050,
          can_request: false,
          cannot_request_reason: 'Another payout is on its way. Wait for it to finish.',
        });
        payouts = [payout()];
        return HttpResponse.json(payouts[0], { status: 201 });
      }),
    );
    payoutsPage(() => current, { payouts: () => payouts });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Request payout' }));
    const section = screen.getByRole('region', { name: 'Request a payout' });
    expect(await within(section).findByRole('status')).toHaveTextContent(
      'Payout of GH₵ 3,450.50 asked for, to MTN Mobile Money · 0241234567 · KWAME MENSAH.',
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({ amount_minor: 345050 });
    expect(sent[0]?.key).toMatch(/^[0-9a-f]{32}$/);
    const list = await screen.findByRole('list', { name: 'Payouts' });
    expect(list).toHaveTextContent('On its way');
    expect(screen.getByRole('button', { name: 'Request payout' })).toHaveAccessibleDescription(
      'Another payout is on its way. Wait for it to finish.',
    );
  });

  it("shows the server's refusal of a payout in its words", async () => {
    server.use(
      http.post('/api/seller/payouts/', () =>
        HttpResponse.json(
          {
            detail: 'Another payout is on its way. Wait for it to finish.',
            code: 'payout_in_progress',
          },
          { status: 409 },
        ),
      ),
    );
    payoutsPage(() => balance());
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Request payout' }));
    const section = screen.getByRole('region', { name: 'Request a payout' });
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'Another payout is on its way. Wait for it to finish.',
    );
  });

  it('verifies a wallet and shows the name the provider found for it', async () => {
    const sent: unknown[] = [];
    let current = balance({
      account: null,
      can_request: false,
      cannot_request_reason: 'Add a payout account first.',
    });
    server.use(
      http.post('/api/seller/payout-account/', async ({ request }) => {
        sent.push(await request.json());
        current = balance({
          account: {
            ...ACCOUNT,
            bank_code: 'VOD',
            bank_name: 'Telecel Cash',
            account_number: '0201234567',
            account_name: 'AMA SERWAA',
          },
        });
        return HttpResponse.json(current.account);
      }),
    );
    payoutsPage(() => current);
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Payout account' });
    expect(within(form).getByRole('combobox', { name: 'Account type' })).toHaveValue(
      'mobile_money',
    );
    const network = within(form).getByRole('combobox', { name: 'Network' });
    await within(network).findByRole('option', { name: 'AirtelTigo Money' });
    await user.selectOptions(network, 'Telecel Cash');
    await user.type(within(form).getByRole('textbox', { name: /Wallet number/ }), '020 123 4567');
    await user.click(within(form).getByRole('button', { name: 'Verify and save' }));
    const account = screen.getByRole('region', { name: 'Payout account' });
    expect(await within(account).findByRole('status')).toHaveTextContent(
      'Verified: the account is in the name of AMA SERWAA. Payouts go there from now on.',
    );
    expect(account).toHaveTextContent('Telecel Cash · 0201234567');
    expect(sent).toEqual([
      { type: 'mobile_money', bank_code: 'VOD', account_number: '020 123 4567' },
    ]);
    expect(await screen.findByRole('button', { name: 'Request payout' })).not.toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it("puts the provider's refusal under the account number and saves nothing", async () => {
    payoutsPage(() =>
      balance({
        account: null,
        can_request: false,
        cannot_request_reason: 'Add a payout account first.',
      }),
    );
    server.use(
      http.post('/api/seller/payout-account/', () =>
        HttpResponse.json(
          { account_number: ['We could not verify this account: check the number.'] },
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Payout account' });
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Account type' }), 'bank');
    const bank = within(form).getByRole('combobox', { name: 'Bank' });
    await within(bank).findByRole('option', { name: 'GCB Bank' });
    await user.selectOptions(bank, 'GCB Bank');
    const number = within(form).getByRole('textbox', { name: 'Account number' });
    await user.type(number, '1234567890');
    await user.click(within(form).getByRole('button', { name: 'Verify and save' }));
    expect(
      await within(form).findByText('We could not verify this account: check the number.'),
    ).toBeInTheDocument();
    expect(number).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByRole('alert')).toHaveTextContent(
      'Please correct the fields marked below.',
    );
  });

  it('asks for the network and the number before sending', async () => {
    payoutsPage(() =>
      balance({
        account: null,
        can_request: false,
        cannot_request_reason: 'Add a payout account first.',
      }),
    );
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Payout account' });
    await user.click(within(form).getByRole('button', { name: 'Verify and save' }));
    expect(await within(form).findByText('Choose the network.')).toBeInTheDocument();
    expect(within(form).getByText('Enter the wallet number.')).toBeInTheDocument();
  });

  it('downloads the chosen month as CSV with the session', async () => {
    const auth: (string | null)[] = [];
    server.use(
      http.get('/api/seller/statements/', ({ request }) => {
        auth.push(request.headers.get('Authorization'));
        expect(new URL(request.url).searchParams.get('month')).toBe('2026-10');
        return new HttpResponse('date,order,kind,balance,description,amount\n', {
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': 'attachment; filename="dwa-statement-3-2026-10.csv"',
          },
        });
      }),
    );
    const created = vi.fn(() => 'blob:statement');
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }),
    );
    const clicked = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    payoutsPage(() => balance());
    const user = userEvent.setup();
    const month = await screen.findByLabelText('Month');
    await user.clear(month);
    await user.type(month, '2026-10');
    await user.click(screen.getByRole('button', { name: 'Download statement' }));
    const section = screen.getByRole('region', { name: 'Monthly statement' });
    expect(await within(section).findByRole('status')).toHaveTextContent(
      'Statement downloaded: dwa-statement-3-2026-10.csv',
    );
    expect(auth[0]).toMatch(/^Bearer /);
    expect(created).toHaveBeenCalledOnce();
    expect(clicked).toHaveBeenCalledOnce();
  });

  it("shows the server's refusal of a statement month", async () => {
    server.use(
      http.get('/api/seller/statements/', () =>
        HttpResponse.json({ month: ['Choose a month that has begun.'] }, { status: 400 }),
      ),
    );
    payoutsPage(() => balance());
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Download statement' }));
    const section = screen.getByRole('region', { name: 'Monthly statement' });
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'Choose a month that has begun.',
    );
  });

  it('asks again while a payout is on its way, and shows it paid', async () => {
    let status: Payout['status'] = 'processing';
    // The page's timers pass through; the refresh's own is found by its period and run at once.
    const intervals = vi.spyOn(window, 'setInterval');
    payoutsPage(() => balance({ in_flight_minor: status === 'paid' ? 0 : 345050 }), {
      payouts: () => [payout({ status })],
    });
    const list = await screen.findByRole('list', { name: 'Payouts' });
    expect(list).toHaveTextContent('On its way');
    status = 'paid';
    const refresh = intervals.mock.calls.filter(([, ms]) => ms === OPEN_PAYOUT_REFRESH_MS);
    expect(refresh.length).toBeGreaterThan(0);
    for (const [tick] of refresh) if (typeof tick === 'function') tick();
    await waitFor(() => {
      expect(list).toHaveTextContent('Paid');
    });
  });
});
