import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { shopperMe } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';
import { fakeJwt } from '@/test/tokens';

const allOn = {
  shipped: { email: true, sms: true },
  delivered: { email: true, sms: true },
  message: { email: false, sms: true },
};
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
        bodies.push(await request.json());
        return HttpResponse.json({ ...allOn, message: { email: false, sms: false } });
      }),
    );
    window.localStorage.setItem('access', fakeJwt(600));
    renderApp('/account');
    const section = await screen.findByRole('region', { name: 'Notifications' });
    const message = await within(section).findByRole('group', {
      name: 'A store sent you a message',
    });
    // Message notices are texts only: no e-mail box.
    expect(within(message).queryByRole('checkbox', { name: 'E-mail' })).not.toBeInTheDocument();
    const sms = within(message).getByRole('checkbox', { name: 'SMS' });
    expect(sms).toBeChecked();
    await userEvent.click(sms);
    await waitFor(() => {
      expect(sms).not.toBeChecked();
    });
    expect(bodies).toEqual([{ message: { sms: false } }]);
    expect(
      within(section).getByRole('group', { name: 'A store shipped your order' }),
    ).toBeInTheDocument();
  });
});
