import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { LOGO_SAVED } from '@/routes/seller-store';
import { sellerAt, sellerStore } from '@/test/seller-fixtures';
import { server } from '@/test/server';

describe('seller store profile', () => {
  it('shows the store and saves the changed profile', async () => {
    let sent: unknown;
    server.use(
      http.patch('/api/seller/store/', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(sellerStore({ description: 'New text' }));
      }),
    );
    sellerAt('/seller/store');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Store profile' });
    expect(within(form).getByLabelText('Store name')).toHaveValue('Accra Game Hub');
    expect(screen.getByRole('img', { name: 'Accra Game Hub logo' })).toBeInTheDocument();
    const description = within(form).getByLabelText('Description');
    await user.clear(description);
    await user.type(description, '  New text ');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Store profile saved.')).toBeInTheDocument();
    expect(sent).toEqual({
      name: 'Accra Game Hub',
      description: 'New text',
      contact_info: '+233 24 000 0000',
      address: 'Oxford St, Osu',
    });
    expect(description).toHaveValue('New text');
  });

  it('asks for a name before sending, and shows the server field errors', async () => {
    let patches = 0;
    server.use(
      http.patch('/api/seller/store/', () => {
        patches += 1;
        return HttpResponse.json(
          { contact_info: ['Ensure this field has no more than 100 characters.'] },
          { status: 400 },
        );
      }),
    );
    sellerAt('/seller/store');
    const user = userEvent.setup();
    const name = await screen.findByLabelText('Store name');
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(name).toHaveAccessibleDescription('Enter the store name.');
    expect(name).toBeInvalid();
    expect(patches).toBe(0);

    await user.type(name, 'Game Hub');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const contact = screen.getByLabelText('Contact information');
    expect(await screen.findByText('Ensure this field has no more than 100 characters.')).toBe(
      document.getElementById(contact.getAttribute('aria-describedby')?.split(' ')[1] ?? ''),
    );
    expect(contact).toBeInvalid();
    expect(name).toBeValid();
    expect(
      within(screen.getByRole('form', { name: 'Store profile' })).getByRole('alert'),
    ).toHaveTextContent('Please correct the fields marked below.');
    expect(patches).toBe(1);
  });

  it('uploads a new logo and shows it', async () => {
    let field: FormDataEntryValue | null = null;
    let logo = '/media/demo/stores/accra.svg';
    sellerAt('/seller/store');
    server.use(
      http.put('/api/seller/store/logo/', async ({ request }) => {
        field = (await request.formData()).get('image');
        logo = '/media/uploads/stores/1/abcd-320.jpg';
        return HttpResponse.json(sellerStore({ logo }));
      }),
      http.get('/api/seller/store/', () => HttpResponse.json(sellerStore({ logo }))),
    );
    const user = userEvent.setup();
    const input = await screen.findByLabelText('Replace the logo');
    await user.upload(input, new File([new Uint8Array(500)], 'logo.png', { type: 'image/png' }));
    expect(await screen.findByText(LOGO_SAVED)).toBeInTheDocument();
    expect((field as unknown as Blob).type).toBe('image/png');
    expect(await screen.findByRole('img', { name: 'Accra Game Hub logo' })).toHaveAttribute(
      'src',
      '/media/uploads/stores/1/abcd-320.jpg',
    );
  });

  it('shows the pay on delivery switch moved at once, and back when the save fails', async () => {
    let answer: (() => void) | undefined;
    let fail = false;
    server.use(
      http.patch('/api/seller/store/', async () => {
        await new Promise<void>((resolve) => (answer = resolve));
        return fail
          ? HttpResponse.json({ detail: 'Your store is not active.' }, { status: 409 })
          : HttpResponse.json(sellerStore({ accepts_pay_on_delivery: true }));
      }),
    );
    sellerAt('/seller/store');
    const user = userEvent.setup();
    const toggle = await screen.findByRole('switch', { name: 'Accept pay on delivery' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(toggle).toBeChecked(); // before the server answers
    answer?.();
    expect(await screen.findByText('Pay on delivery is on for your store.')).toBeInTheDocument();
    expect(toggle).toBeChecked();

    fail = true;
    await user.click(toggle);
    expect(toggle).not.toBeChecked();
    answer?.();
    expect(await screen.findByText('Your store is not active.')).toBeInTheDocument();
    expect(toggle).toBeChecked();
  });

  it('saves the delivery settings, showing the server’s field errors on the fields', async () => {
    const sent: unknown[] = [];
    server.use(
      http.patch('/api/seller/store/', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        if (body.free_delivery_over === 'lots') {
          return HttpResponse.json(
            { free_delivery_over: ['Enter an amount in cedis, like 20.50.'] },
            { status: 400 },
          );
        }
        return HttpResponse.json(
          sellerStore({
            ship_from_region: 'ashanti',
            ship_from_city: 'Kumasi',
            free_delivery_over: 1000,
            same_day_cutoff: 14,
            store_pickup: true,
          }),
        );
      }),
    );
    sellerAt('/seller/store', {
      store: sellerStore({
        ship_from_region: 'greater-accra',
        ship_from_city: 'Accra',
        free_delivery_over: null,
        same_day_cutoff: null,
        store_pickup: false,
      }),
    });
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Delivery' });
    const region = within(form).getByRole('combobox', { name: 'Ships from region' });
    expect(region).toHaveDisplayValue('Greater Accra');
    await user.selectOptions(region, 'Ashanti');
    const city = within(form).getByRole('textbox', { name: 'Ships from city or town' });
    await user.clear(city);
    await user.type(city, ' Kumasi ');
    const over = within(form).getByRole('textbox', { name: 'Free delivery over GH₵ (optional)' });
    await user.type(over, 'lots');
    await user.selectOptions(
      within(form).getByRole('combobox', { name: 'Same-day delivery (optional)' }),
      'Orders before 14:00',
    );
    await user.click(
      within(form).getByRole('checkbox', { name: 'Customers may collect from my shop' }),
    );
    const save = within(form).getByRole('button', { name: 'Save delivery settings' });
    await user.click(save);
    await waitFor(() => {
      expect(over).toHaveAccessibleDescription(
        'Your part of an order costing this much or more is delivered free. Leave empty for never. Enter an amount in cedis, like 20.50.',
      );
    });
    expect(over).toHaveFocus();

    await user.clear(over);
    await user.type(over, '1000');
    await user.click(save);
    expect(await within(form).findByText('Delivery settings saved.')).toBeInTheDocument();
    expect(sent[1]).toEqual({
      ship_from_region: 'ashanti',
      ship_from_city: 'Kumasi',
      free_delivery_over: '1000',
      same_day_cutoff: 14,
      store_pickup: true,
    });
    expect(city).toHaveValue('Kumasi');

    sent.length = 0;
    await user.clear(over);
    await user.selectOptions(
      within(form).getByRole('combobox', { name: 'Same-day delivery (optional)' }),
      'No same-day delivery',
    );
    await user.click(save);
    await waitFor(() => {
      expect(sent).toHaveLength(1);
    });
    expect(sent[0]).toMatchObject({ free_delivery_over: null, same_day_cutoff: null });
  });
});
