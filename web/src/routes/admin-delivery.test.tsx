import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeliveryZone, Holiday, PickupStation } from '@/features/admin/api/delivery';
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

const accra: DeliveryZone = {
  id: 1,
  region: 'greater-accra',
  region_name: 'Greater Accra',
  city: 'Accra',
  fee: 20,
  days_min: 1,
  days_max: 1,
};
const greaterAccra: DeliveryZone = {
  ...accra,
  id: 2,
  city: '',
  fee: 25,
  days_min: 1,
  days_max: 2,
};
const kumasi: DeliveryZone = {
  id: 3,
  region: 'ashanti',
  region_name: 'Ashanti',
  city: 'Kumasi',
  fee: 35.5,
  days_min: 2,
  days_max: 3,
};

const circle: PickupStation = {
  id: 7,
  name: 'Kwame Nkrumah Circle Station',
  region: 'greater-accra',
  region_name: 'Greater Accra',
  city: 'Accra',
  address: 'Ring Road Central, near the overpass',
  hours: 'Mon–Sat 8:00–18:00',
  fee: 10,
  is_active: true,
};

/** Stores of each table, answered by the handlers; the tests change them through the page. */
function tables({
  zones = [] as DeliveryZone[],
  stations = [] as PickupStation[],
  holidays = [] as Holiday[],
} = {}) {
  const state = { zones, stations, holidays, sent: [] as unknown[] };
  asStaff();
  server.use(
    http.get('/api/admin/delivery/zones/', () => HttpResponse.json(state.zones)),
    http.get('/api/admin/delivery/pickup-points/', () => HttpResponse.json(state.stations)),
    http.get('/api/admin/delivery/holidays/', () => HttpResponse.json(state.holidays)),
  );
  return state;
}

describe('staff delivery page', () => {
  beforeEach(() => {
    // "Today" for the holiday list: Ghana's time is UTC.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-26T10:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is a tab of the staff area listing the zones by region', async () => {
    tables({ zones: [greaterAccra, accra, kumasi] });
    renderApp('/admin/delivery');
    expect(await screen.findByRole('heading', { level: 1, name: 'Delivery' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Delivery' })).toHaveAttribute('aria-current', 'page');
    const jumps = screen.getByRole('navigation', { name: 'On this page' });
    expect(
      within(jumps)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Zones', '#zones'],
      ['Pickup stations', '#stations'],
      ['Holidays', '#holidays'],
    ]);
    expect(document.getElementById('stations')).toHaveTextContent('Pickup stations');
    const ghana = await screen.findByRole('list', { name: 'Zones of Greater Accra' });
    const rows = within(ghana).getAllByRole('listitem');
    expect(rows.map((r) => r.querySelector('p')?.textContent)).toEqual(['Whole region', 'Accra']);
    expect(rows[0]).toHaveTextContent('GH₵ 25.00 · 1–2 working days');
    expect(rows[1]).toHaveTextContent('GH₵ 20.00 · 1 working day');
    expect(
      within(screen.getByRole('list', { name: 'Zones of Ashanti' })).getByText(
        'GH₵ 35.50 · 2–3 working days',
      ),
    ).toBeInTheDocument();
  });

  it('adds a zone, showing the server’s field errors on the fields', async () => {
    const state = tables({ zones: [accra] });
    server.use(
      http.post('/api/admin/delivery/zones/', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        state.sent.push(body);
        if (body.city === 'Accra') {
          return HttpResponse.json(
            { city: ['A zone for this city already exists.'] },
            { status: 400 },
          );
        }
        const zone = { ...accra, id: 9, city: 'Tema', fee: 22.5, days_min: 1, days_max: 2 };
        state.zones = [...state.zones, zone];
        return HttpResponse.json(zone, { status: 201 });
      }),
    );
    renderApp('/admin/delivery');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add a zone' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a delivery zone' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await user.click(save);
    expect(within(dialog).getByRole('combobox', { name: 'Region' })).toHaveAccessibleDescription(
      'Choose a region.',
    );
    expect(within(dialog).getByRole('textbox', { name: 'At least' })).toBeInvalid();
    expect(state.sent).toEqual([]);

    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Region' }),
      'Greater Accra',
    );
    const city = within(dialog).getByRole('textbox', { name: 'City or town (optional)' });
    await user.type(city, ' Accra ');
    await user.type(within(dialog).getByRole('textbox', { name: 'Fee in GH₵' }), '22.50');
    await user.type(within(dialog).getByRole('textbox', { name: 'At least' }), '1');
    await user.type(within(dialog).getByRole('textbox', { name: 'At most' }), '2');
    await user.click(save);
    await waitFor(() => {
      expect(city).toHaveAccessibleDescription(
        'Leave empty for the whole region. A zone for this city already exists.',
      );
    });
    expect(city).toBeInvalid();
    expect(city).toHaveFocus();

    await user.clear(city);
    await user.type(city, 'Tema');
    await user.click(save);
    expect(await screen.findByText('Zone Greater Accra — Tema added.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(state.sent[1]).toEqual({
      region: 'greater-accra',
      city: 'Tema',
      fee: '22.50',
      days_min: 1,
      days_max: 2,
    });
    expect(
      await within(screen.getByRole('list', { name: 'Zones of Greater Accra' })).findByText('Tema'),
    ).toBeInTheDocument();
  });

  it('edits a zone and deletes one after asking', async () => {
    const state = tables({ zones: [greaterAccra, accra] });
    const deleted: string[] = [];
    server.use(
      http.patch('/api/admin/delivery/zones/:id/', async ({ request, params }) => {
        const body = (await request.json()) as Partial<DeliveryZone>;
        state.sent.push({ id: params.id, ...body });
        const zone = { ...accra, fee: 18, days_max: 2 };
        state.zones = [greaterAccra, zone];
        return HttpResponse.json(zone);
      }),
      http.delete('/api/admin/delivery/zones/:id/', ({ params }) => {
        deleted.push(String(params.id));
        state.zones = state.zones.filter((z) => String(z.id) !== params.id);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderApp('/admin/delivery');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Greater Accra — Accra' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit the zone Greater Accra — Accra' });
    const fee = within(dialog).getByRole('textbox', { name: 'Fee in GH₵' });
    expect(fee).toHaveValue('20');
    await user.clear(fee);
    await user.type(fee, '18');
    const latest = within(dialog).getByRole('textbox', { name: 'At most' });
    await user.clear(latest);
    await user.type(latest, '2');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Zone Greater Accra — Accra saved.')).toBeInTheDocument();
    expect(state.sent).toEqual([
      { id: '1', region: 'greater-accra', city: 'Accra', fee: '18', days_min: 1, days_max: 2 },
    ]);
    expect(await screen.findByText('GH₵ 18.00 · 1–2 working days')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete Greater Accra — whole region' }));
    const ask = screen.getByRole('dialog', {
      name: 'Delete the zone Greater Accra — whole region?',
    });
    await user.click(within(ask).getByRole('button', { name: 'Keep it' }));
    expect(deleted).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Delete Greater Accra — whole region' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText('Zone Greater Accra — whole region deleted.'),
    ).toBeInTheDocument();
    expect(deleted).toEqual(['2']);
    await waitFor(() => {
      expect(
        screen.queryByRole('button', { name: 'Edit Greater Accra — whole region' }),
      ).toBeNull();
    });
  });

  it('adds a pickup station and hides one from shoppers', async () => {
    const state = tables({ stations: [circle] });
    server.use(
      http.post('/api/admin/delivery/pickup-points/', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        state.sent.push(body);
        if (body.fee === 'ten') {
          return HttpResponse.json(
            { fee: ['Enter an amount in cedis, like 20.50.'] },
            { status: 400 },
          );
        }
        const station = {
          ...circle,
          ...body,
          id: 8,
          region_name: 'Ashanti',
          fee: 15,
        } as PickupStation;
        state.stations = [circle, station];
        return HttpResponse.json(station, { status: 201 });
      }),
      http.patch('/api/admin/delivery/pickup-points/7/', async ({ request }) => {
        const body = (await request.json()) as Partial<PickupStation>;
        state.sent.push(body);
        state.stations = [{ ...circle, ...body }];
        return HttpResponse.json(state.stations[0]);
      }),
    );
    renderApp('/admin/delivery');
    const user = userEvent.setup();
    const list = await screen.findByRole('list', { name: 'Pickup stations' });
    expect(
      within(list).getByText('Ring Road Central, near the overpass, Accra, Greater Accra'),
    ).toBeInTheDocument();
    expect(within(list).getByText('GH₵ 10.00 · Mon–Sat 8:00–18:00')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add a station' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a pickup station' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Adum Station');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Region' }), 'Ashanti');
    await user.type(within(dialog).getByRole('textbox', { name: 'City or town' }), 'Kumasi');
    await user.type(within(dialog).getByRole('textbox', { name: 'Address' }), 'Prempeh II St');
    await user.type(within(dialog).getByRole('textbox', { name: 'Opening hours' }), 'Daily 9–17');
    const fee = within(dialog).getByRole('textbox', { name: 'Fee in GH₵' });
    await user.type(fee, 'ten');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(fee).toHaveAccessibleDescription(
        '0 for free pickup. Enter an amount in cedis, like 20.50.',
      );
    });
    await user.clear(fee);
    await user.type(fee, '15');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Adum Station added.')).toBeInTheDocument();
    expect(state.sent[1]).toEqual({
      name: 'Adum Station',
      region: 'ashanti',
      city: 'Kumasi',
      address: 'Prempeh II St',
      hours: 'Daily 9–17',
      fee: '15',
      is_active: true,
    });

    await user.click(
      await screen.findByRole('button', { name: 'Edit Kwame Nkrumah Circle Station' }),
    );
    const edit = screen.getByRole('dialog', { name: 'Edit Kwame Nkrumah Circle Station' });
    await user.click(within(edit).getByRole('checkbox', { name: 'Offer it to shoppers' }));
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Kwame Nkrumah Circle Station saved.')).toBeInTheDocument();
    expect(state.sent[2]).toMatchObject({ is_active: false, fee: '10' });
    expect(
      await within(screen.getByRole('list', { name: 'Pickup stations' })).findByText('hidden'),
    ).toBeInTheDocument();
  });

  it('lists the coming holidays first, adds one and deletes one', async () => {
    const state = tables({
      holidays: [
        { day: '2026-03-06', name: 'Independence Day' },
        { day: '2026-12-25', name: 'Christmas Day' },
        { day: '2026-12-04', name: "Farmers' Day" },
      ],
    });
    server.use(
      http.post('/api/admin/delivery/holidays/', async ({ request }) => {
        const body = (await request.json()) as Holiday;
        state.sent.push(body);
        if (body.day === '2026-12-25') {
          return HttpResponse.json({ day: ['This day is already a holiday.'] }, { status: 400 });
        }
        state.holidays = [...state.holidays, body];
        return HttpResponse.json(body, { status: 201 });
      }),
      http.delete('/api/admin/delivery/holidays/:day/', ({ params }) => {
        state.holidays = state.holidays.filter((h) => h.day !== params.day);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderApp('/admin/delivery');
    const user = userEvent.setup();
    const coming = await screen.findByRole('list', { name: 'Coming holidays' });
    expect(
      within(coming)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(["Farmers' DayFri, 4 Dec 2026Delete", 'Christmas DayFri, 25 Dec 2026Delete']);
    expect(screen.getByText('Past holidays (1)')).toBeInTheDocument();

    const form = screen.getByRole('form', { name: 'Add a holiday' });
    await user.click(within(form).getByRole('button', { name: 'Add holiday' }));
    expect(within(form).getByLabelText('Day')).toHaveAccessibleDescription('Choose the day.');
    expect(state.sent).toEqual([]);

    const day = within(form).getByLabelText('Day');
    await user.type(day, '2026-12-25');
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Christmas');
    await user.click(within(form).getByRole('button', { name: 'Add holiday' }));
    await waitFor(() => {
      expect(day).toHaveAccessibleDescription('This day is already a holiday.');
    });
    await user.clear(day);
    await user.type(day, '2026-12-26');
    await user.clear(within(form).getByRole('textbox', { name: 'Name' }));
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Boxing Day');
    await user.click(within(form).getByRole('button', { name: 'Add holiday' }));
    expect(await screen.findByText('Boxing Day added: Sat, 26 Dec 2026.')).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveValue('');
    expect(await within(coming).findByText('Boxing Day')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: "Delete Farmers' Day, Fri, 4 Dec 2026" }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText("Farmers' Day deleted.")).toBeInTheDocument();
    await waitFor(() => {
      expect(within(coming).queryByText("Farmers' Day")).toBeNull();
    });
  });
});
