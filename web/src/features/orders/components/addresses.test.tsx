import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { cartItem, shopperMe } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';
import { fakeJwt } from '@/test/tokens';
import type { Address } from '../api/addresses';

const at = '2026-11-20T10:00:00Z';
const home: Address = {
  id: 5,
  recipient_name: 'Ama Mensah',
  phone: '+233241234567',
  region: 'greater-accra',
  region_name: 'Greater Accra',
  city: 'Accra',
  area: '12 Oxford St, Osu',
  digital_address: 'GA-183-8164',
  landmark: 'Opposite the blue kiosk',
  directions: '',
  is_default: true,
  created_at: at,
  updated_at: at,
};
const work: Address = {
  ...home,
  id: 6,
  recipient_name: 'Ama at work',
  region: 'ashanti',
  region_name: 'Ashanti',
  city: 'Kumasi',
  area: 'Adum, Prempeh II St',
  digital_address: '',
  landmark: '',
  is_default: false,
};

const on = { email: true, sms: true };
const allOn = { placed: on, paid: on, shipped: on, delivered: on, refund: on, message: on };

function signedIn(path: string, book: Address[]) {
  window.localStorage.setItem('access', fakeJwt(600));
  server.use(
    http.get('/api/auth/users/me/', () => HttpResponse.json(shopperMe)),
    http.get('/api/auth/users/me/addresses/', () => HttpResponse.json({ results: book, max: 20 })),
    http.get('/api/auth/users/me/notifications/', () => HttpResponse.json(allOn)),
  );
  return renderApp(path);
}

describe('delivery picker at checkout', () => {
  it('chooses the default address, or another, or a new one typed in place', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.get('/api/store/cart-items/', () => HttpResponse.json([cartItem(1, 'One')])),
      http.post('/api/store/orders/', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ detail: 'Try again.' }, { status: 409 });
      }),
    );
    signedIn('/cart', [home, work]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Proceed to Checkout' }));
    const form = await screen.findByRole('form', { name: 'Shipping details' });
    const group = await within(form).findByRole('group', { name: 'Delivery address' });
    const homeRadio = within(group).getByRole('radio', { name: /Ama Mensah/ });
    expect(homeRadio).toBeChecked();
    expect(homeRadio.closest('label')).toHaveTextContent(
      'Ama Mensah(default)024 123 456712 Oxford St, Osu, Accra, Greater Accra Region, GA-183-8164Near Opposite the blue kiosk',
    );
    // No address fields while a saved one is chosen.
    expect(within(form).queryByLabelText('Region')).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Place Order' }));
    await waitFor(() => {
      expect(bodies).toEqual([{ address_id: 5 }]);
    });

    await user.click(within(group).getByRole('radio', { name: /Ama at work/ }));
    await user.click(within(form).getByRole('button', { name: 'Place Order' }));
    await waitFor(() => {
      expect(bodies[1]).toEqual({ address_id: 6 });
    });

    await user.click(within(group).getByRole('radio', { name: 'A new address' }));
    await user.type(within(form).getByLabelText("Recipient's name"), 'Yaw Asante');
    await user.type(within(form).getByLabelText('Phone number'), '020 765 4321');
    await user.selectOptions(within(form).getByLabelText('Region'), 'Northern');
    await user.type(within(form).getByLabelText('City or town'), 'Tamale');
    await user.type(within(form).getByLabelText('Area and street'), 'Gumani');
    await user.type(within(form).getByLabelText('Digital address'), 'ga18');
    await user.click(within(form).getByRole('button', { name: 'Place Order' }));
    // A malformed digital address is caught before anything is sent.
    expect(within(form).getByLabelText('Digital address')).toHaveAccessibleDescription(
      'Optional. From the GhanaPost GPS app, e.g. GA-183-8164. Enter a GhanaPost GPS digital address, like GA-183-8164.',
    );
    expect(bodies).toHaveLength(2);
    await user.type(within(form).getByLabelText('Digital address'), '38164');
    await user.click(within(form).getByRole('checkbox', { name: 'Save it in my address book' }));
    await user.click(within(form).getByRole('button', { name: 'Place Order' }));
    await waitFor(() => {
      expect(bodies[2]).toEqual({
        address: {
          recipient_name: 'Yaw Asante',
          phone: '020 765 4321',
          region: 'northern',
          city: 'Tamale',
          area: 'Gumani',
          digital_address: 'GA-183-8164',
          landmark: '',
          directions: '',
        },
        save_address: false,
      });
    });
  });
});

describe('address book on the account page', () => {
  it('adds, edits, makes default and deletes addresses', async () => {
    let book = [home];
    const calls: string[] = [];
    server.use(
      http.get('/api/auth/users/me/', () => HttpResponse.json(shopperMe)),
      http.get('/api/auth/users/me/notifications/', () => HttpResponse.json(allOn)),
      http.get('/api/store/cart-items/', () => HttpResponse.json([])),
      http.get('/api/auth/users/me/addresses/', () =>
        HttpResponse.json({ results: book, max: 20 }),
      ),
      http.post('/api/auth/users/me/addresses/', async ({ request }) => {
        const body = (await request.json()) as Record<string, string>;
        calls.push(`POST ${JSON.stringify(body)}`);
        if (body.phone === '12') {
          return HttpResponse.json(
            { phone: ['Enter a Ghanaian phone number, like 024 123 4567.'] },
            { status: 400 },
          );
        }
        book = [...book, { ...work, ...body, id: 7 }];
        return HttpResponse.json(book[1], { status: 201 });
      }),
      http.patch('/api/auth/users/me/addresses/:id/', async ({ request, params }) => {
        calls.push(`PATCH ${String(params.id)} ${JSON.stringify(await request.json())}`);
        return HttpResponse.json(home);
      }),
      http.delete('/api/auth/users/me/addresses/:id/', ({ params }) => {
        calls.push(`DELETE ${String(params.id)}`);
        book = book.filter((a) => a.id !== Number(params.id));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    window.localStorage.setItem('access', fakeJwt(600));
    renderApp('/account');
    const section = await screen.findByRole('region', { name: 'Delivery addresses' });
    const user = userEvent.setup();
    expect(
      await within(section).findByRole('listitem', { name: 'Ama Mensah' }, { timeout: 5000 }),
    ).toHaveTextContent('GA-183-8164');

    await user.click(within(section).getByRole('button', { name: 'Add an address' }));
    const form = within(section).getByRole('form', { name: 'New address' });
    await user.type(within(form).getByLabelText("Recipient's name"), 'Kofi');
    await user.type(within(form).getByLabelText('Phone number'), '12');
    await user.selectOptions(within(form).getByLabelText('Region'), 'Ashanti');
    await user.type(within(form).getByLabelText('City or town'), 'Kumasi');
    await user.type(within(form).getByLabelText('Area and street'), 'Adum');
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    // The server's reason, at its field.
    expect(
      await within(form).findByText('Enter a Ghanaian phone number, like 024 123 4567.', {
        selector: 'p[id$="-error"]',
      }),
    ).toBeInTheDocument();
    await user.clear(within(form).getByLabelText('Phone number'));
    await user.type(within(form).getByLabelText('Phone number'), '0241234567');
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    await waitFor(() => {
      expect(within(section).queryByRole('form', { name: 'New address' })).not.toBeInTheDocument();
    });
    const kofi = await within(section).findByRole('listitem', { name: 'Kofi' });

    await user.click(within(kofi).getByRole('button', { name: 'Make default' }));
    await user.click(within(kofi).getByRole('button', { name: 'Edit' }));
    const edit = within(section).getByRole('form', { name: 'Edit address' });
    expect(within(edit).getByLabelText('City or town')).toHaveValue('Kumasi');
    await user.click(within(edit).getByRole('button', { name: 'Cancel' }));
    await user.click(
      within(await within(section).findByRole('listitem', { name: 'Kofi' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => {
      expect(within(section).queryByRole('listitem', { name: 'Kofi' })).not.toBeInTheDocument();
    });
    expect(calls.slice(1)).toEqual([
      'POST {"recipient_name":"Kofi","phone":"0241234567","region":"ashanti","city":"Kumasi","area":"Adum","digital_address":"","landmark":"","directions":""}',
      'PATCH 7 {"is_default":true}',
      'DELETE 7',
    ]);
  });
});
