import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';
import { fakeJwt } from '@/test/tokens';

async function openFromProfile(name: 'Login' | 'Register') {
  await userEvent.click(await screen.findByRole('button', { name: 'Account' }));
  await userEvent.click(screen.getByRole('button', { name }));
  return screen.findByRole('dialog');
}

describe('login and register dialog', () => {
  it('opens from the profile menu, removes dismissed, and closes with Escape setting it', async () => {
    const { location } = renderApp('/forgot-password?dismissed=true');
    const dialog = await openFromProfile('Login');

    expect(within(dialog).getByRole('heading', { name: 'Welcome Back!' })).toBeInTheDocument();
    await waitFor(() => {
      expect(location.current.search).toBe('');
    });
    // Focus starts in the form, and the page behind is inert.
    expect(within(dialog).getByLabelText('Username')).toHaveFocus();
    expect(document.querySelector('[inert]')).not.toBeNull();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => {
      expect(location.current.search).toBe('?dismissed=true');
    });
    // Focus is given back to the menu button it came from.
    expect(document.activeElement).toHaveTextContent('Account');
    expect(document.activeElement).toHaveAttribute('aria-expanded', 'false');
  });

  it('traps the focus: Tab cycles inside the dialog', async () => {
    renderApp('/forgot-password');
    const dialog = await openFromProfile('Login');
    const focusables = within(dialog).getAllByRole('button');
    const last = focusables[focusables.length - 1];
    last?.focus();

    await userEvent.tab();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(last).toHaveFocus();
  });

  it('keeps Escape and the Tab trap working when the focus has left the dialog', async () => {
    const { location } = renderApp('/forgot-password');
    const dialog = await openFromProfile('Login');

    (document.activeElement as HTMLElement).blur();
    await userEvent.tab();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();

    (document.activeElement as HTMLElement).blur();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => {
      expect(location.current.search).toBe('?dismissed=true');
    });
  });

  it('keeps the focus on the busy login button, ignores its clicks, and Escape closes', async () => {
    let answer = (): void => undefined;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    let requests = 0;
    server.use(
      http.post('/api/auth/jwt/create/', async () => {
        requests += 1;
        await answered;
        return HttpResponse.json(
          { detail: 'No active account found with the given credentials' },
          { status: 401 },
        );
      }),
    );
    const { location } = renderApp('/forgot-password');
    const dialog = await openFromProfile('Login');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Login' }));

    const busy = await within(dialog).findByRole('button', { name: 'Logging in…' });
    expect(busy).toHaveFocus();
    expect(busy).toBeEnabled();
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(busy);
    await userEvent.type(within(dialog).getByLabelText('Password'), '{Enter}');
    expect(requests).toBe(1);

    answer();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'No account found with those credentials. Please check your username and password.',
    );
    expect(within(dialog).getByRole('button', { name: 'Login' })).toHaveAttribute(
      'aria-disabled',
      'false',
    );
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => {
      expect(location.current.search).toBe('?dismissed=true');
    });
  });

  it('closes on a click outside', async () => {
    renderApp('/forgot-password');
    const dialog = await openFromProfile('Login');
    await userEvent.click(dialog.parentElement as HTMLElement);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each([
    [
      { detail: 'No active account found with the given credentials' },
      401,
      'No account found with those credentials. Please check your username and password.',
    ],
    [
      { username: ['This field may not be blank.'], password: ['This field may not be blank.'] },
      400,
      'username: This field may not be blank. | password: This field may not be blank.',
    ],
    [
      { detail: 'Request was throttled. Expected available in 30 seconds.', code: 'throttled' },
      429,
      'detail: Request was throttled. Expected available in 30 seconds.',
    ],
  ])('maps the login failure %j to its text', async (body, status, text) => {
    server.use(http.post('/api/auth/jwt/create/', () => HttpResponse.json(body, { status })));
    renderApp('/forgot-password');
    const dialog = await openFromProfile('Login');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Login' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(text);
  });

  it('shows Login Successful! for a second, then goes to the saved next path', async () => {
    const access = fakeJwt(900);
    server.use(
      http.post('/api/auth/jwt/create/', () => HttpResponse.json({ access, refresh: 'r' })),
      http.get('/api/store/cart-items/', () => HttpResponse.json([])),
    );
    window.localStorage.setItem('next', '/forgot-password?from=next');
    const { location } = renderApp('/forgot-password');
    const dialog = await openFromProfile('Login');
    await userEvent.type(within(dialog).getByLabelText('Username'), 'kofi');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'secret');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Login' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent('Login Successful!');
    expect(window.localStorage.getItem('access')).toBe(access);
    expect(window.localStorage.getItem('refresh')).toBe('r');
    await waitFor(
      () => {
        expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      },
      { timeout: 2000 },
    );
    await waitFor(() => {
      expect(location.current.search).toBe('?from=next');
    });
    expect(window.localStorage.getItem('next')).toBeNull();
  });

  it.each([
    [{ email: '', username: '', password: '', re: '' }, 'Email is required.'],
    [{ email: 'a@b.co', username: '', password: '', re: '' }, 'Username is required.'],
    [{ email: 'a@b.co', username: 'kofi', password: '', re: '' }, 'Password is required.'],
    [
      { email: 'a@b.co', username: 'kofi', password: 'short', re: 'short' },
      'Password must be at least 8 characters long.',
    ],
    [
      { email: 'a@b.co', username: 'kofi', password: 'long enough', re: 'different' },
      'Passwords do not match.',
    ],
  ])('checks registration %j in the spec order', async (form, text) => {
    renderApp('/forgot-password');
    const dialog = await openFromProfile('Register');
    const type = async (label: string, value: string) => {
      if (value) await userEvent.type(within(dialog).getByLabelText(label), value);
    };
    await type('Email', form.email);
    await type('Username', form.username);
    await type('Password', form.password);
    await type('Confirm Password', form.re);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(text);
  });

  async function submitValidRegistration() {
    renderApp('/forgot-password');
    const dialog = await openFromProfile('Register');
    await userEvent.type(within(dialog).getByLabelText('Email'), 'kofi@example.com');
    await userEvent.type(within(dialog).getByLabelText('Username'), 'kofi');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'a long password');
    await userEvent.type(within(dialog).getByLabelText('Confirm Password'), 'a long password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Register' }));
    return dialog;
  }

  it.each([
    [
      { username: ['A user with that username already exists.'] },
      'An account with these details already exists. Please log in instead.',
    ],
    [
      { password: ['This password is too common.', 'This password is entirely numeric.'] },
      'password: This password is too common. This password is entirely numeric.',
    ],
  ])('maps the registration failure %j', async (body, text) => {
    server.use(http.post('/api/auth/users/', () => HttpResponse.json(body, { status: 400 })));
    const dialog = await submitValidRegistration();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(text);
  });

  it('thanks for registering for 2 seconds, then shows the login form', async () => {
    server.use(
      http.post('/api/auth/users/', () =>
        HttpResponse.json({ id: 1, username: 'kofi', email: 'kofi@example.com' }, { status: 201 }),
      ),
    );
    const dialog = await submitValidRegistration();
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Thank You for joining us... To the Login Page!',
    );
    expect(
      await within(dialog).findByRole('heading', { name: 'Welcome Back!' }, { timeout: 3000 }),
    ).toBeInTheDocument();
  });
});
