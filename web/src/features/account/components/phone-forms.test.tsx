import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';
import { fakeJwt } from '@/test/tokens';

async function openLogin() {
  await userEvent.click(await screen.findByRole('button', { name: 'Account' }));
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
  return screen.findByRole('dialog');
}

describe('phone sign-in and password reset in the login dialog', () => {
  it('sends a code to the number, then signs in with it', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/auth/phone/code/', async ({ request }) => {
        bodies.push(await request.json());
        return new HttpResponse(null, { status: 204 });
      }),
      http.post('/api/auth/phone/signin/', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(
          { access: fakeJwt(600), refresh: fakeJwt(600), created: true },
          { status: 201 },
        );
      }),
    );
    renderApp('/forgot-password');
    const dialog = await openLogin();
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Log in with your phone number' }),
    );
    expect(
      within(dialog).getByRole('heading', { name: 'Log in with your phone' }),
    ).toBeInTheDocument();

    await userEvent.type(
      within(dialog).getByLabelText('Phone number', { exact: false }),
      '024 123 4567',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(await within(dialog).findByText(/We sent a code by SMS/)).toBeInTheDocument();

    await userEvent.type(within(dialog).getByLabelText('Code from the SMS'), '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect(await within(dialog).findByText('Welcome to Dwa!')).toBeInTheDocument();
    expect(bodies).toEqual([
      { phone: '024 123 4567', purpose: 'signin' },
      { phone: '024 123 4567', code: '123456' },
    ]);
  });

  it('says to wait when a new code is asked for too soon, and shows a refused code', async () => {
    let asked = 0;
    server.use(
      http.post('/api/auth/phone/code/', () => {
        asked += 1;
        return asked === 1
          ? new HttpResponse(null, { status: 204 })
          : HttpResponse.json(
              {
                detail: 'Request was throttled. Expected available in 42 seconds.',
                code: 'throttled',
              },
              { status: 429, headers: { 'Retry-After': '42' } },
            );
      }),
      http.post('/api/auth/phone/signin/', () =>
        HttpResponse.json(
          { code: ['This code is wrong or has expired. Ask for a new one.'] },
          { status: 400 },
        ),
      ),
    );
    renderApp('/forgot-password');
    const dialog = await openLogin();
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Log in with your phone number' }),
    );
    await userEvent.type(
      within(dialog).getByLabelText('Phone number', { exact: false }),
      '0241234567',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send code' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Send a new code' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Please wait a minute before asking for another code.',
    );
    await userEvent.type(within(dialog).getByLabelText('Code from the SMS'), '000000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect(
      await within(dialog).findByText('This code is wrong or has expired. Ask for a new one.'),
    ).toBeInTheDocument();
  });

  it('Forgot Password? resets by SMS code, or mails a link', async () => {
    const bodies: Record<string, unknown> = {};
    server.use(
      http.post('/api/auth/phone/code/', async ({ request }) => {
        bodies.code = await request.json();
        return new HttpResponse(null, { status: 204 });
      }),
      http.post('/api/auth/phone/reset/', async ({ request }) => {
        bodies.reset = await request.json();
        return new HttpResponse(null, { status: 204 });
      }),
      http.post('/api/auth/users/reset_password/', async ({ request }) => {
        bodies.mail = await request.json();
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderApp('/forgot-password');
    const dialog = await openLogin();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Forgot Password?' }));
    expect(
      within(dialog).getByRole('heading', { name: 'Reset your password' }),
    ).toBeInTheDocument();

    await userEvent.type(
      within(dialog).getByLabelText('Phone number', { exact: false }),
      '024 123 4567',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send code' }));
    await userEvent.type(await within(dialog).findByLabelText('Code from the SMS'), '654321');
    await userEvent.type(within(dialog).getByLabelText('New password'), 'short');
    await userEvent.type(within(dialog).getByLabelText('Confirm new password'), 'short');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set new password' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Password must be at least 8 characters long.',
    );
    await userEvent.clear(within(dialog).getByLabelText('New password'));
    await userEvent.clear(within(dialog).getByLabelText('Confirm new password'));
    await userEvent.type(within(dialog).getByLabelText('New password'), 'Kente and kenkey 7');
    await userEvent.type(
      within(dialog).getByLabelText('Confirm new password'),
      'Kente and kenkey 7',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set new password' }));
    expect(
      await within(dialog).findByText('Your password is changed. You can log in now.'),
    ).toBeInTheDocument();
    expect(bodies.code).toEqual({ phone: '024 123 4567', purpose: 'reset' });
    expect(bodies.reset).toEqual({
      phone: '024 123 4567',
      code: '654321',
      new_password: 'Kente and kenkey 7',
      re_new_password: 'Kente and kenkey 7',
    });

    await userEvent.click(within(dialog).getByRole('radio', { name: 'A link by e-mail' }));
    await userEvent.type(within(dialog).getByLabelText('Email'), 'ama@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send link' }));
    expect(
      await within(dialog).findByText(
        'If an account has this address, a reset link is on its way.',
      ),
    ).toBeInTheDocument();
    expect(bodies.mail).toEqual({ email: 'ama@example.com' });
    // The support form stays reachable for other problems.
    expect(within(dialog).getByRole('link', { name: 'Other problem? Contact us' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });
});
