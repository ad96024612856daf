import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';

const PATH = '/password/reset/confirm/MQ/abc-123';

async function submit(password: string, repeated: string) {
  const user = userEvent.setup();
  const form = await screen.findByRole('form', { name: 'New password' });
  const first = within(form).getByLabelText('New Password');
  const second = within(form).getByLabelText('Confirm New Password');
  await user.clear(first);
  await user.clear(second);
  if (password) await user.type(first, password);
  if (repeated) await user.type(second, repeated);
  await user.click(within(form).getByRole('button', { name: 'Set New Password' }));
  return form;
}

describe('password reset confirmation', () => {
  it.each([
    ['', '', 'Password is required.'],
    ['short', 'short', 'Password must be at least 8 characters long.'],
    ['kente-weaver-2026', 'kente-weaver-2027', 'Passwords do not match.'],
  ])('checks the password rules first (%s / %s)', async (password, repeated, text) => {
    let posts = 0;
    server.use(
      http.post('/api/auth/users/reset_password_confirm/', () => {
        posts += 1;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderApp(PATH);
    const form = await submit(password, repeated);
    expect(within(form).getByRole('alert')).toHaveTextContent(text);
    expect(posts).toBe(0);
  });

  it('sends uid and token from the link, then opens the login dialog', async () => {
    let sent: unknown;
    server.use(
      http.post('/api/auth/users/reset_password_confirm/', async ({ request }) => {
        sent = await request.json();
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderApp(PATH);
    await submit('kente-weaver-2026', 'kente-weaver-2026');
    expect(await screen.findByRole('dialog', { name: 'Welcome Back!' })).toBeInTheDocument();
    expect(sent).toEqual({
      uid: 'MQ',
      token: 'abc-123',
      new_password: 'kente-weaver-2026',
      re_new_password: 'kente-weaver-2026',
    });
    expect(window.localStorage.getItem('next')).toBe('/');
  });

  it('shows the server’s reasons', async () => {
    server.use(
      http.post('/api/auth/users/reset_password_confirm/', () =>
        HttpResponse.json(
          {
            new_password: [
              'The password is too similar to the username.',
              'This password is too common.',
            ],
          },
          { status: 400 },
        ),
      ),
    );
    renderApp(PATH);
    const form = await submit('password1', 'password1');
    await waitFor(() => {
      expect(within(form).getByRole('alert')).toHaveTextContent(
        'The password is too similar to the username. This password is too common.',
      );
    });
  });
});
