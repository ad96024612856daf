import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { shopperMe } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';
import { fakeJwt } from '@/test/tokens';

function asStaff() {
  window.localStorage.setItem('access', fakeJwt(600));
  server.use(
    http.get('/api/store/cart-items/', () => HttpResponse.json([])),
    http.get('/api/auth/users/me/', () => HttpResponse.json({ ...shopperMe, is_staff: true })),
  );
}

const kofi = {
  id: 17,
  username: 'kofi',
  email: 'kofi@example.com',
  is_staff: false,
  is_active: true,
  date_joined: '2026-02-01T09:00:00.000Z',
  last_login: null,
};

describe('staff accounts', () => {
  it('searches accounts and makes one staff', async () => {
    let sent: unknown;
    const searched: string[] = [];
    asStaff();
    server.use(
      http.get('/api/admin/users/', ({ request }) => {
        searched.push(new URL(request.url).searchParams.get('search') ?? '');
        return HttpResponse.json([kofi]);
      }),
      http.patch('/api/admin/users/17/', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ ...kofi, is_staff: true });
      }),
    );
    renderApp('/admin/users');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('searchbox', { name: 'Find an account' }), 'kof');
    await waitFor(() => {
      expect(searched).toContain('kof');
    });
    await user.click(await screen.findByRole('button', { name: 'Make kofi staff' }));
    expect(await screen.findByText('kofi is now staff.')).toBeInTheDocument();
    expect(sent).toEqual({ is_staff: true });
  });

  it("shows the server's refusal", async () => {
    asStaff();
    server.use(
      http.get('/api/admin/users/', () => HttpResponse.json([{ ...kofi, is_staff: true }])),
      http.patch('/api/admin/users/17/', () =>
        HttpResponse.json(
          { is_active: ['You cannot deactivate your own account.'] },
          { status: 400 },
        ),
      ),
    );
    renderApp('/admin/users');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Deactivate kofi' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You cannot deactivate your own account.',
    );
  });
});

const complaint = {
  id: 5,
  email: 'yaw@example.com',
  complaint: 'My parcel never came.',
  created_at: '2026-03-01T09:00:00.000Z',
  handled_at: null,
};

describe('staff complaints', () => {
  it('replies by e-mail and marks the complaint handled', async () => {
    let sent: unknown;
    let open = [complaint];
    asStaff();
    server.use(
      http.get('/api/admin/complaints/', ({ request }) => {
        expect(new URL(request.url).searchParams.get('status')).toBe('open');
        return HttpResponse.json(open);
      }),
      http.post('/api/admin/complaints/5/handle/', async ({ request }) => {
        sent = await request.json();
        open = [];
        return HttpResponse.json({ ...complaint, handled_at: '2026-03-02T09:00:00.000Z' });
      }),
    );
    renderApp('/admin/complaints');
    const user = userEvent.setup();
    const card = await screen.findByRole('article', { name: 'Complaint from yaw@example.com' });
    expect(within(card).getByText('My parcel never came.')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Send reply and mark handled' }));
    expect(within(card).getByRole('alert')).toHaveTextContent('Write a reply first');
    expect(sent).toBeUndefined();
    await user.type(within(card).getByRole('textbox', { name: 'Reply by e-mail' }), 'Sorry, Yaw.');
    await user.click(within(card).getByRole('button', { name: 'Send reply and mark handled' }));
    expect(await screen.findByText('No open complaints.')).toBeInTheDocument();
    expect(sent).toEqual({ reply: 'Sorry, Yaw.' });
  });

  it('lists handled complaints without the reply form', async () => {
    asStaff();
    server.use(
      http.get('/api/admin/complaints/', () =>
        HttpResponse.json([{ ...complaint, handled_at: '2026-03-02T09:00:00.000Z' }]),
      ),
    );
    renderApp('/admin/complaints?status=handled');
    const card = await screen.findByRole('article', { name: 'Complaint from yaw@example.com' });
    expect(within(card).getByText(/handled/)).toBeInTheDocument();
    expect(within(card).queryByRole('textbox')).not.toBeInTheDocument();
  });
});
