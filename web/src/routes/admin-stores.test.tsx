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

const hub = {
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
};

describe('staff stores', () => {
  it('finds stores by name and status and suspends one', async () => {
    const asked: string[] = [];
    let sent: unknown;
    let stores = [hub];
    asStaff();
    server.use(
      http.get('/api/admin/stores/', ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json(stores);
      }),
      http.patch('/api/admin/stores/3/', async ({ request }) => {
        sent = await request.json();
        stores = [{ ...hub, is_active: false }];
        return HttpResponse.json(stores[0]);
      }),
    );
    renderApp('/admin/stores');
    const user = userEvent.setup();
    const list = await screen.findByRole('list', { name: 'Stores' });
    expect(within(list).getByText(/Owner kwame · 12 products/)).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Find a store' }), 'accra');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Open');
    await waitFor(() => {
      expect(asked).toContain('?search=accra&status=active');
    });
    await user.click(screen.getByRole('button', { name: 'Suspend Accra Game Hub' }));
    expect(
      await screen.findByText(
        'Accra Game Hub is suspended: its products are hidden from shoppers.',
      ),
    ).toBeInTheDocument();
    expect(sent).toEqual({ is_active: false });
    expect(await screen.findByRole('button', { name: 'Reinstate Accra Game Hub' })).toBeVisible();
    expect(within(list).getByText('suspended')).toBeInTheDocument();
  });

  it('opens a store for a user, showing field errors from the server', async () => {
    const sent: unknown[] = [];
    asStaff();
    server.use(
      http.get('/api/admin/stores/', () => HttpResponse.json([])),
      http.post('/api/admin/stores/', async ({ request }) => {
        const body = (await request.json()) as { owner: string; name: string };
        sent.push(body);
        if (body.owner === 'nobody') {
          return HttpResponse.json(
            { owner: ['No active user has this username.'] },
            { status: 400 },
          );
        }
        return HttpResponse.json(
          { ...hub, id: 9, name: body.name, owner: body.owner, products: 0 },
          { status: 201 },
        );
      }),
    );
    renderApp('/admin/stores');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Open a store' });
    await user.click(within(form).getByRole('button', { name: 'Open store' }));
    expect(within(form).getByText("Enter the owner's username.")).toBeInTheDocument();
    expect(within(form).getByText('Enter the store name.')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: "Owner's username" })).toHaveFocus();
    expect(sent).toEqual([]);

    await user.type(within(form).getByRole('textbox', { name: "Owner's username" }), 'nobody');
    await user.type(within(form).getByRole('textbox', { name: 'Store name' }), " Yaa's Beads ");
    await user.click(within(form).getByRole('button', { name: 'Open store' }));
    const owner = within(form).getByRole('textbox', { name: "Owner's username" });
    await waitFor(() => {
      expect(owner).toHaveAccessibleDescription(/No active user has this username\./);
    });
    expect(owner).toHaveAttribute('aria-invalid', 'true');

    await user.clear(owner);
    await user.type(owner, 'yaa');
    await user.click(within(form).getByRole('button', { name: 'Open store' }));
    expect(
      await within(form).findByText("Yaa's Beads is open: yaa now has the Seller Centre."),
    ).toBeInTheDocument();
    expect(sent[1]).toEqual({
      owner: 'yaa',
      name: "Yaa's Beads",
      description: '',
      contact_info: '',
      address: '',
    });
    expect(within(form).getByRole('textbox', { name: 'Store name' })).toHaveValue('');
  });

  it('says when no store matches', async () => {
    asStaff();
    server.use(http.get('/api/admin/stores/', () => HttpResponse.json([])));
    renderApp('/admin/stores');
    expect(await screen.findByText('No store matches.')).toBeInTheDocument();
  });
});
