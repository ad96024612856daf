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

const category = (
  id: number,
  name: string,
  parent: number | null,
  level: number,
  active = true,
) => ({
  id,
  parent,
  level,
  name,
  slug: name.toLowerCase(),
  position: id,
  is_active: active,
  images: [],
});

describe('staff categories', () => {
  it('lists the tree in order and adds a subcategory inside a chosen parent', async () => {
    let sent: unknown;
    asStaff();
    server.use(
      http.get('/api/admin/categories/', () =>
        HttpResponse.json([
          category(2, 'Consoles', 1, 2),
          category(1, 'Gaming', null, 1),
          category(3, 'Retro', null, 1, false),
        ]),
      ),
      http.post('/api/admin/categories/', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(category(4, 'Handhelds', 1, 2), { status: 201 });
      }),
    );
    renderApp('/admin/categories');
    const user = userEvent.setup();
    const list = await screen.findByRole('list', { name: 'Categories' });
    expect(
      within(list)
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-label')),
    ).toEqual(['Gaming', 'Consoles', 'Retro']);
    expect(within(list).getByRole('button', { name: 'Show Retro' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'New category name' }), 'Handhelds');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Inside' }), 'Gaming');
    await user.click(screen.getByRole('button', { name: 'Add category' }));
    expect(await screen.findByText('“Handhelds” added.')).toBeInTheDocument();
    expect(sent).toEqual({ name: 'Handhelds', parent: 1 });
  });

  it('hides a category and shows the server’s field error', async () => {
    const sent: unknown[] = [];
    asStaff();
    server.use(
      http.get('/api/admin/categories/', () => HttpResponse.json([category(1, 'Gaming', null, 1)])),
      http.patch('/api/admin/categories/1/', async ({ request }) => {
        const body = await request.json();
        sent.push(body);
        if (sent.length === 1)
          return HttpResponse.json({ ...category(1, 'Gaming', null, 1), is_active: false });
        return HttpResponse.json({ name: ['This field may not be blank.'] }, { status: 400 });
      }),
    );
    renderApp('/admin/categories');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Hide Gaming' }));
    expect(await screen.findByText('“Gaming” hidden from the shop.')).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'Name' }));
    await user.click(screen.getByRole('button', { name: 'Save Gaming' }));
    await waitFor(() => {
      expect(
        screen.getAllByRole('alert').some((a) => a.textContent === 'This field may not be blank.'),
      ).toBe(true);
    });
    expect(sent[0]).toEqual({ is_active: false });
  });
});

describe('staff home page slides', () => {
  it('adds a slide, which starts hidden until it has an image', async () => {
    let sent: unknown;
    let slides: unknown[] = [];
    asStaff();
    server.use(
      http.get('/api/admin/hero/', () => HttpResponse.json(slides)),
      http.post('/api/admin/hero/', async ({ request }) => {
        sent = await request.json();
        const slide = {
          id: 7,
          title: 'Harmattan Deals',
          description: '',
          image: '',
          link: '/category/deals',
          position: 0,
          is_active: false,
        };
        slides = [slide];
        return HttpResponse.json(slide, { status: 201 });
      }),
    );
    renderApp('/admin/hero');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Add a slide' });
    await user.type(within(form).getByRole('textbox', { name: 'Title' }), 'Harmattan Deals');
    await user.type(within(form).getByRole('textbox', { name: /Link/ }), '/category/deals');
    await user.click(within(form).getByRole('button', { name: 'Add slide' }));
    expect(
      await screen.findByText('“Harmattan Deals” added: upload its image to show it.'),
    ).toBeInTheDocument();
    expect(sent).toEqual({ title: 'Harmattan Deals', description: '', link: '/category/deals' });
    const slide = await screen.findByRole('form', { name: 'Slide “Harmattan Deals”' });
    expect(within(slide).getByText(/No image yet/)).toBeInTheDocument();
    expect(within(slide).getByLabelText('Slide image')).toBeInTheDocument();
  });
});

describe('staff analytics', () => {
  it('draws views and visitors per day and lists the top pages, referrers and missed searches', async () => {
    asStaff();
    server.use(
      http.get('/api/admin/analytics/summary/', ({ request }) => {
        expect(new URL(request.url).searchParams.get('days')).toBe('30');
        return HttpResponse.json({
          days: 30,
          pageviews: 1234,
          visitors: 321,
          top_paths: [{ path: '/store/products/1', pageviews: 400 }],
          top_referrers: [],
          top_missed_searches: [{ query: 'kente cloth', visitors: 12 }],
          daily: [
            { date: '2026-11-24', pageviews: 500, visitors: 120 },
            { date: '2026-11-25', pageviews: 734, visitors: 201 },
          ],
        });
      }),
    );
    renderApp('/admin/analytics');
    expect(await screen.findByText(/1,234 page views by 321 visitors/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Page views per day' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Visitors per day' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '/store/products/1' })).toBeInTheDocument();
    expect(screen.getByText('Nothing yet.')).toBeInTheDocument();
    const missed = screen.getByRole('region', { name: 'Top searches with no results' });
    expect(within(missed).getByRole('columnheader', { name: 'Visitors' })).toBeInTheDocument();
    expect(within(missed).getByRole('row', { name: 'kente cloth 12' })).toBeInTheDocument();
  });
});
