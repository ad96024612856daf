import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { components } from '@/lib/api/schema';
import { order, ORDER_ID, PAYMENT_REF, payment } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';
import { fakeJwt } from '@/test/tokens';

type Payment = components['schemas']['Payment'];

function payFor(created: Payment | (() => Response | Promise<Response>)) {
  let creations = 0;
  window.localStorage.setItem('access', fakeJwt(600));
  server.use(
    http.get('/api/store/cart-items/', () => HttpResponse.json([])),
    http.get(`/api/store/orders/${ORDER_ID}/`, () => HttpResponse.json(order())),
    http.get('/api/store/orders/', () => HttpResponse.json([order({ status: 'processing' })])),
    http.post('/api/store/payments/', () => {
      creations += 1;
      return typeof created === 'function'
        ? created()
        : HttpResponse.json(created, { status: 201 });
    }),
  );
  const app = renderApp(`/payment/${ORDER_ID}`);
  return { ...app, creations: () => creations };
}

afterEach(() => {
  document.head.querySelectorAll('script[src*="paystack"]').forEach((s) => {
    s.remove();
  });
  delete window.PaystackPop;
});

describe('payment page', () => {
  it('creates the payment record once while saying so, then shows the summary', async () => {
    const { creations } = payFor(async () => {
      await delay(30);
      return HttpResponse.json(payment(), { status: 201 });
    });
    expect(await screen.findByText('Loading payment details...')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Complete Your Payment' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Order ID: #9F1C2B7E')).toBeInTheDocument();
    expect(screen.getByText('kofi@example.com')).toBeInTheDocument();
    expect(screen.getByText('Amount Due').nextSibling).toHaveTextContent('GH₵ 7,798.00');
    expect(screen.getByText('Secure SSL Encryption')).toBeInTheDocument();
    expect(creations()).toBe(1);
    // Nothing of the card provider is loaded until the shopper pays with it.
    expect(document.querySelector('script[src*="paystack"]')).toBeNull();
  });

  it('says when the payment record cannot be created', async () => {
    payFor(() => HttpResponse.json({ detail: 'Internal server error.' }, { status: 500 }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error creating payment record. Please try again.',
    );
  });

  it('says an unknown order does not exist', async () => {
    window.localStorage.setItem('access', fakeJwt(600));
    server.use(
      http.get('/api/store/cart-items/', () => HttpResponse.json([])),
      http.get(`/api/store/orders/${ORDER_ID}/`, () =>
        HttpResponse.json({ detail: 'No Order matches the given query.' }, { status: 404 }),
      ),
    );
    renderApp(`/payment/${ORDER_ID}`);
    expect(await screen.findByRole('heading', { name: 'Order Not Found' })).toBeInTheDocument();
    expect(screen.getByText('The requested order does not exist')).toBeInTheDocument();
  });

  it('pays in test mode: the TEST MODE dialog charges the card, verifies, and opens the orders', async () => {
    let charged: unknown;
    let verified: unknown;
    server.use(
      http.post('/api/store/payments/test-charge/', async ({ request }) => {
        charged = await request.json();
        return HttpResponse.json({
          reference: PAYMENT_REF,
          status: 'success',
          gateway_response: 'Approved',
          amount_minor: 779800,
          currency: 'GHS',
        });
      }),
      http.post('/api/store/payments/verify/', async ({ request }) => {
        verified = await request.json();
        return HttpResponse.json({ message: 'Payment verified successfully.' });
      }),
    );
    const { location } = payFor(payment());
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Pay Now' }));
    const dialog = screen.getByRole('dialog', { name: 'Pay GH₵\u00a07,798.00' });
    expect(within(dialog).getByText('TEST MODE')).toBeInTheDocument();
    expect(within(dialog).getByText('4000 0000 0000 9995')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Use 4084 0840 8408 4081' }));
    await user.click(within(dialog).getByRole('button', { name: 'Pay GH₵\u00a07,798.00' }));
    await waitFor(() => {
      expect(location.current.pathname).toBe('/orders');
    });
    expect(await screen.findByText('Payment verified successfully!')).toBeInTheDocument();
    expect(charged).toEqual({ reference: PAYMENT_REF, card_number: '4084 0840 8408 4081' });
    expect(verified).toEqual({ reference: PAYMENT_REF });
  });

  it('a declined test card keeps the dialog open and verifies nothing', async () => {
    let verifies = 0;
    server.use(
      http.post('/api/store/payments/test-charge/', () =>
        HttpResponse.json({
          reference: PAYMENT_REF,
          status: 'failed',
          gateway_response: 'Insufficient Funds',
          amount_minor: 779800,
          currency: 'GHS',
        }),
      ),
      http.post('/api/store/payments/verify/', () => {
        verifies += 1;
        return HttpResponse.json({});
      }),
    );
    payFor(payment());
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Pay Now' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Card Number'), '4000 0000 0000 9995');
    await user.click(within(dialog).getByRole('button', { name: 'Pay GH₵\u00a07,798.00' }));
    await waitFor(() => {
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        'Payment declined: Insufficient Funds. No money was taken; try another card.',
      );
    });
    expect(verifies).toBe(0);
  });

  it.each([
    [
      502,
      { detail: 'Error contacting the payment provider.', code: 'provider_unavailable' },
      'Payment was successful on our card payment provider, but verification failed in our system. Please contact support.',
    ],
    [
      409,
      {
        detail: 'This order is no longer awaiting payment. The payment will be refunded.',
        code: 'order_not_payable',
      },
      'This order is no longer awaiting payment. The payment will be refunded.',
    ],
  ])('a verification answered %i after a successful charge says so', async (status, body, text) => {
    server.use(
      http.post('/api/store/payments/test-charge/', () =>
        HttpResponse.json({
          reference: PAYMENT_REF,
          status: 'success',
          gateway_response: 'Approved',
          amount_minor: 779800,
          currency: 'GHS',
        }),
      ),
      http.post('/api/store/payments/verify/', () => HttpResponse.json(body, { status })),
    );
    payFor(payment());
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Pay Now' }));
    await user.type(screen.getByLabelText('Card Number'), '4084084084084081');
    await user.click(screen.getByRole('button', { name: 'Pay GH₵\u00a07,798.00' }));
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('with live keys opens the card provider’s popup with the server’s access code', async () => {
    let verified: unknown;
    const resumed: string[] = [];
    server.use(
      http.post('/api/store/payments/verify/', async ({ request }) => {
        verified = await request.json();
        return HttpResponse.json({ message: 'Payment verified successfully.' });
      }),
    );
    const { location } = payFor(
      payment({ provider: 'paystack', public_key: 'pk_test_x', access_code: 'acc_123' }),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Pay Now' }));
    const script = document.head.querySelector<HTMLScriptElement>('script[src*="paystack"]');
    expect(script?.src).toBe('https://js.paystack.co/v2/inline.js');
    window.PaystackPop = class {
      resumeTransaction(
        code: string,
        callbacks: { onSuccess: (t: { reference: string }) => void },
      ) {
        resumed.push(code);
        callbacks.onSuccess({ reference: PAYMENT_REF });
      }
    };
    script?.dispatchEvent(new Event('load'));
    await waitFor(() => {
      expect(location.current.pathname).toBe('/orders');
    });
    expect(resumed).toEqual(['acc_123']);
    expect(verified).toEqual({ reference: PAYMENT_REF });
  });

  it('offers pay on delivery third and asks the server when chosen', async () => {
    let chosen = 0;
    server.use(
      http.get(`/api/store/orders/${ORDER_ID}/pay-on-delivery/`, () =>
        HttpResponse.json({
          available: chosen === 0,
          reason: chosen === 0 ? null : 'This order is no longer waiting for payment.',
          amount: 7798,
          max_amount: 10000,
          chosen: chosen > 0,
        }),
      ),
      http.post(`/api/store/orders/${ORDER_ID}/pay-on-delivery/`, () => {
        chosen += 1;
        return HttpResponse.json(
          order({ status: 'processing', payment_method: 'pay_on_delivery' }),
        );
      }),
    );
    payFor(payment());
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Complete Your Payment' });
    expect(
      within(screen.getByRole('main'))
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['Pay with mobile money', 'Or pay by card', 'Or pay on delivery']);
    const section = screen.getByRole('region', { name: 'Or pay on delivery' });
    await within(section).findByRole('button', { name: 'Pay on delivery' });
    expect(section).toHaveTextContent(/Pay GH₵\s7,798\.00 in cash or by mobile money to the rider/);
    await user.click(within(section).getByRole('button', { name: 'Pay on delivery' }));
    await waitFor(() => {
      expect(chosen).toBe(1);
    });
  });

  it('says in plain words why pay on delivery is not offered', async () => {
    payFor(payment());
    const section = await screen.findByRole('region', { name: 'Or pay on delivery' });
    expect(
      await within(section).findByText('Pay on delivery is not available at the moment.'),
    ).toBeInTheDocument();
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
  });
});
