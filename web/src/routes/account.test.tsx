import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { shopperMe } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';
import { fakeJwt } from '@/test/tokens';

const on = { email: true, sms: true };
const allOn = { placed: on, paid: on, shipped: on, delivered: on, refund: on, message: on };
const notices = () => http.get('/api/auth/users/me/notifications/', () => HttpResponse.json(allOn));

describe('account page', () => {
  it('shows the account, then verifies a phone number with a code by SMS', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.get('/api/auth/users/me/', () => HttpResponse.json(shopperMe)),
      notices(),
      http.post('/api/auth/phone/code/', async ({ request }) => {
        bodies.push(await request.json());
        return new HttpResponse(null, { status: 204 });
      }),
      http.post('/api/auth/phone/verify/', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ ...shopperMe, phone: '+233241234567' });
      }),
    );
    window.localStorage.setItem('access', fakeJwt(600));
    renderApp('/account');
    expect(await screen.findByRole('heading', { name: 'Your Account' })).toBeInTheDocument();
    expect(await screen.findByText('None yet')).toBeInTheDocument();

    const user = userEvent.setup();
    const form = screen.getByRole('form', { name: 'Phone number' });
    await user.type(within(form).getByLabelText('Mobile number'), '024 123 4567');
    await user.click(within(form).getByRole('button', { name: 'Send code' }));
    await user.type(await within(form).findByLabelText('Code from the SMS'), '123456');
    await user.click(within(form).getByRole('button', { name: 'Verify' }));
    expect(await within(form).findByText('Your phone number is verified.')).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.getByText('024 123 4567 (verified)')).toBeInTheDocument();
    });
    expect(bodies).toEqual([
      { phone: '024 123 4567', purpose: 'verify' },
      { phone: '024 123 4567', code: '123456' },
    ]);
  });

  it('shows the server’s refusal of a number', async () => {
    server.use(
      http.get('/api/auth/users/me/', () => HttpResponse.json(shopperMe)),
      notices(),
      http.post('/api/auth/phone/code/', () =>
        HttpResponse.json(
          { phone: ['Enter a Ghanaian mobile number, like 024 123 4567.'] },
          { status: 400 },
        ),
      ),
    );
    window.localStorage.setItem('access', fakeJwt(600));
    renderApp('/account');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Phone number' });
    await user.type(within(form).getByLabelText('Mobile number'), '030 212 3456');
    await user.click(within(form).getByRole('button', { name: 'Send code' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Enter a Ghanaian mobile number, like 024 123 4567.',
    );
  });

  it('chooses the channels of each kind of notice', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.get('/api/auth/users/me/', () =>
        HttpResponse.json({ ...shopperMe, phone: '+233241234567' }),
      ),
      notices(),
      http.put('/api/auth/users/me/notifications/', async ({ request }) => {
        const body = (await request.json()) as Record<string, object>;
        bodies.push(body);
        const next: Record<string, object> = { ...allOn };
        for (const [kind, choice] of Object.entries(body)) next[kind] = { ...on, ...choice };
        return HttpResponse.json(next);
      }),
    );
    window.localStorage.setItem('access', fakeJwt(600));
    renderApp('/account');
    const section = await screen.findByRole('region', { name: 'Notifications' });
    // Every kind, each by e-mail and SMS, in the order of an order's life.
    const groups = await within(section).findAllByRole('group');
    expect(groups.map((g) => g.querySelector('legend')?.textContent)).toEqual([
      'You placed an order',
      'Your payment arrived',
      'A store shipped your order',
      'A store delivered your order',
      'Money was refunded to you',
      'A store sent you a message (at most once an hour per store)',
    ]);
    for (const g of groups) {
      expect(within(g).getByRole('checkbox', { name: 'E-mail' })).toBeChecked();
      expect(within(g).getByRole('checkbox', { name: 'SMS' })).toBeChecked();
    }

    const user = userEvent.setup();
    const paid = within(section).getByRole('group', { name: 'Your payment arrived' });
    const paidSMS = within(paid).getByRole('checkbox', { name: 'SMS' });
    await user.click(paidSMS);
    await waitFor(() => {
      expect(paidSMS).not.toBeChecked();
    });
    const message = within(section).getByRole('group', { name: /A store sent you a message/ });
    const messageMail = within(message).getByRole('checkbox', { name: 'E-mail' });
    await user.click(messageMail);
    await waitFor(() => {
      expect(messageMail).not.toBeChecked();
    });
    expect(bodies).toEqual([{ paid: { sms: false } }, { message: { email: false } }]);
  });
});
