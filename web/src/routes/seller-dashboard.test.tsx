import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { dashboard, sellerAt } from '@/test/seller-fixtures';
import { server } from '@/test/server';

describe('seller dashboard', () => {
  it('shows the figures, the low stock and links to messages', async () => {
    server.use(http.get('/api/seller/dashboard/', () => HttpResponse.json(dashboard())));
    sellerAt('/seller');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect((await screen.findByText('Orders today')).nextElementSibling).toHaveTextContent('2');
    expect(screen.getByText('Orders this week').nextElementSibling).toHaveTextContent('9');
    expect(screen.getByText('Revenue this week').nextElementSibling).toHaveTextContent(
      'GH₵ 12,345.00',
    );
    expect(screen.getByText('Unread messages').nextElementSibling).toHaveTextContent('3');
    expect(screen.getByRole('link', { name: 'Open messages' })).toHaveAttribute(
      'href',
      '/messages',
    );
    const low = screen.getByRole('region', { name: 'Low stock' });
    expect(within(low).getByRole('link', { name: 'DualSense Controller' })).toHaveAttribute(
      'href',
      '/seller/products/12',
    );
    expect(within(low).getByText('2 left')).toBeInTheDocument();
    // The Seller Centre's own navigation, with the store's name.
    const nav = screen.getByRole('navigation', { name: 'Seller Centre' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(await screen.findByText('Seller Centre · Accra Game Hub')).toBeInTheDocument();
  });

  it('draws a point per day in each chart, with a summary and a table of the figures', async () => {
    server.use(http.get('/api/seller/dashboard/', () => HttpResponse.json(dashboard())));
    sellerAt('/seller');
    const user = userEvent.setup();
    const revenue = await screen.findByRole('img', { name: 'Revenue per day' });
    const views = screen.getByRole('img', { name: 'Product views per day' });
    expect(revenue.querySelectorAll('rect[data-point]')).toHaveLength(30);
    expect(views.querySelectorAll('circle[data-point]')).toHaveLength(30);
    // Revenue grows by GH₵ 100.00 a day from 0: the highest is on the 30th.
    expect(revenue).toHaveAccessibleDescription(
      'Total GH₵\u00a043,500.00; highest GH₵\u00a02,900.00 on 30 Nov.',
    );
    expect(views).toHaveAccessibleDescription('Views in all: 735; highest 39 on 30 Nov.');
    const [first, last] = [...revenue.querySelectorAll('rect[data-point]')].filter(
      (_, i, all) => i === 0 || i === all.length - 1,
    );
    expect(Number(first?.getAttribute('height'))).toBe(0);
    expect(Number(last?.getAttribute('height'))).toBeGreaterThan(100);

    const figures = screen.getAllByText('Show the figures');
    await user.click(figures[0] ?? document.body);
    const table = screen.getByRole('table', { name: 'Revenue per day' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(31);
    expect(
      within(table).getByRole('rowheader', { name: '30 Nov' }).nextElementSibling,
    ).toHaveTextContent('GH₵ 2,900.00');
  });

  it('says when there is nothing low and nothing sold yet', async () => {
    const empty = dashboard();
    server.use(
      http.get('/api/seller/dashboard/', () =>
        HttpResponse.json({
          ...empty,
          low_stock: [],
          revenue_by_day: empty.revenue_by_day.map((d) => ({ ...d, amount: 0 })),
        }),
      ),
    );
    sellerAt('/seller');
    expect(await screen.findByText('No product is running low.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Revenue per day' })).toHaveAccessibleDescription(
      'Nothing yet in these 30 days.',
    );
  });

  it('shows the load failure with a retry', async () => {
    let calls = 0;
    server.use(
      http.get('/api/seller/dashboard/', () => {
        calls += 1;
        return calls === 1 ? HttpResponse.error() : HttpResponse.json(dashboard());
      }),
    );
    sellerAt('/seller');
    const user = userEvent.setup();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load the dashboard. Please try again.',
    );
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('img', { name: 'Revenue per day' })).toBeInTheDocument();
  });
});
