import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { networkOf } from '@/features/payment/networks';
import { MOMO_REF, momoPayment, order, ORDER_ID, PAYMENT_REF, payment } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';
import { fakeJwt } from '@/test/tokens';

const notComplete = () =>
  HttpResponse.json(
    { detail: 'Payment is not complete yet.', code: 'payment_failed' },
    { status: 400 },
  );

function open(created: () => Response) {
  window.localStorage.setItem('access', fakeJwt(600));
  server.use(
    http.get('/api/store/cart-items/', () => HttpResponse.json([])),
    http.get(`/api/store/orders/${ORDER_ID}/`, () => HttpResponse.json(order())),
    http.get('/api/store/orders/', () => HttpResponse.json([order({ status: 'processing' })])),
    http.post('/api/store/payments/', created),
  );
  return renderApp(`/payment/${ORDER_ID}`);
}

describe('mobile money on the payment page', () => {
  it('guesses the network from the prefix', () => {
    expect(networkOf('024 123 4567')).toBe('mtn');
    expect(networkOf('+233 20 123 4567')).toBe('vod');
    expect(networkOf('0571234567')).toBe('atl');
    expect(networkOf('0301234567')).toBeNull();
  });

  it('charges the number, shows the approve screen and opens the orders once verified', async () => {
    let charged: unknown;
    let asked = 0;
    server.use(
      http.post('/api/store/payments/mobile-money/', async ({ request }) => {
        charged = await request.json();
        return HttpResponse.json(momoPayment(), { status: 201 });
      }),
      http.post('/api/store/payments/verify/', () => {
        asked += 1;
        return asked === 1
          ? notComplete()
          : HttpResponse.json({ message: 'Payment verified successfully.' });
      }),
    );
    const { location } = open(() => HttpResponse.json(payment(), { status: 201 }));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Mobile money number'), '020 123 4567');
    expect(screen.getByLabelText('Network')).toHaveValue('vod');
    await user.clear(screen.getByLabelText('Mobile money number'));
    await user.type(screen.getByLabelText('Mobile money number'), '055 123 4987');
    expect(screen.getByLabelText('Network')).toHaveValue('mtn');
    await user.click(screen.getByRole('button', { name: 'Pay with mobile money' }));
    expect(
      await screen.findByRole('heading', { name: 'Approve the prompt on your phone' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/The prompt expires in [45]:\d\d\./)).toBeInTheDocument();
    expect(charged).toEqual({ order: ORDER_ID, phone: '055 123 4987', network: 'mtn' });
    await waitFor(
      () => {
        expect(location.current.pathname).toBe('/orders');
      },
      { timeout: 8000 },
    );
    expect(asked).toBe(2);
  }, 15000);

  it('asks for the Telecel voucher, says when a code is refused, and accepts another', async () => {
    const codes: unknown[] = [];
    server.use(
      http.post('/api/store/payments/mobile-money/', () =>
        HttpResponse.json(momoPayment({ phone: '0201234567', network: 'vod', state: 'send_otp' }), {
          status: 201,
        }),
      ),
      http.post('/api/store/payments/mobile-money/code/', async ({ request }) => {
        const body = (await request.json()) as { otp: string };
        codes.push(body);
        return body.otp === '123456'
          ? HttpResponse.json(momoPayment({ phone: '0201234567', network: 'vod' }))
          : HttpResponse.json(
              {
                otp: [
                  'That code was not accepted. Dial *110#, choose Generate voucher and type the new code.',
                ],
              },
              { status: 400 },
            );
      }),
      http.post('/api/store/payments/verify/', notComplete),
    );
    open(() => HttpResponse.json(payment(), { status: 201 }));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Mobile money number'), '0201234567');
    await user.click(screen.getByRole('button', { name: 'Pay with mobile money' }));
    expect(await screen.findByText('Dial *110# on 0201234567.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Voucher code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Submit code' }));
    expect(
      await screen.findByText(
        'That code was not accepted. Dial *110#, choose Generate voucher and type the new code.',
      ),
    ).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Voucher code'));
    await user.type(screen.getByLabelText('Voucher code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Submit code' }));
    expect(
      await screen.findByRole('heading', { name: 'Approve the prompt on your phone' }),
    ).toBeInTheDocument();
    expect(codes).toEqual([
      { reference: MOMO_REF, otp: '000000' },
      { reference: MOMO_REF, otp: '123456' },
    ]);
  });

  it('a timed-out prompt returns to the form with the reason, and the card is asked for afresh', async () => {
    let cards = 0;
    server.use(
      http.post('/api/store/payments/mobile-money/', () =>
        HttpResponse.json(momoPayment({ phone: '0551234990' }), { status: 201 }),
      ),
      http.post('/api/store/payments/verify/', () =>
        HttpResponse.json(
          {
            detail: 'The prompt was not approved in time. Try again, or pay another way.',
            code: 'payment_failed',
          },
          { status: 400 },
        ),
      ),
    );
    open(() => {
      cards += 1;
      return HttpResponse.json(
        payment({ payment_reference: cards === 1 ? PAYMENT_REF : MOMO_REF.replace('0a', 'ff') }),
        {
          status: 201,
        },
      );
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Mobile money number'), '0551234990');
    await user.click(screen.getByRole('button', { name: 'Pay with mobile money' }));
    expect(
      await screen.findByText(
        'The prompt was not approved in time. Try again, or pay another way.',
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay Now' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(cards).toBe(2);
  });

  it('after a reload resumes the charge still waiting for approval', async () => {
    server.use(
      http.get('/api/store/payments/', () =>
        HttpResponse.json({ count: 1, next: null, previous: null, results: [momoPayment()] }),
      ),
      http.post('/api/store/payments/verify/', notComplete),
    );
    open(() =>
      HttpResponse.json(
        {
          detail:
            'A mobile money payment for this order is waiting for approval. Approve it, or wait until it times out to pay another way.',
          code: 'payment_in_progress',
        },
        { status: 409 },
      ),
    );
    expect(
      await screen.findByRole('heading', { name: 'Approve the prompt on your phone' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/We sent a payment request to 0551234987 \(MTN MoMo\)/),
    ).toBeInTheDocument();
  });
});
