import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/render';
import { fakeJwt } from '@/test/tokens';

describe('route table', () => {
  it.each([
    ['/products', 'All Products'],
    ['/search?query=phone', 'Search Results'],
    ['/category/gaming', 'gaming'],
    ['/category/deals/pre-built-rigs', 'deals > pre built rigs'],
    ['/category/a-b/c-d/e-f', 'a b > c d > e f'],
    ['/forgot-password', 'Forgot Password'],
    ['/password/reset/confirm/MQ/abc-123', 'Reset Password'],
  ])('%s shows %s', async (path, heading) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it.each(['/cart', '/messages', '/wishlist', '/orders', '/order/x', '/orders/x', '/payment/x'])(
    '%s asks a visitor to log in',
    async (path) => {
      renderApp(path);
      expect(
        await screen.findByRole('heading', { name: 'You must log in to access this page.' }),
      ).toBeInTheDocument();
      expect(
        screen.getByText('Please use the login option from the profile dropdown.'),
      ).toBeInTheDocument();
    },
  );

  it.each([
    ['/cart', 'Shopping Bag'],
    ['/messages', 'Message Center'],
    ['/wishlist', 'Your Wishlist'],
    ['/orders', 'Order Management'],
  ])('%s shows %s to a signed-in shopper', async (path, heading) => {
    window.localStorage.setItem('access', fakeJwt(600));
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
  });

  // The areas declare their pages in their own lazily loaded tables (app/seller-routes.tsx,
  // app/admin-routes.tsx): an unknown URL under them is still the not-found page, not a blank one.
  it.each(['/seller/no-such-page', '/admin/no-such/page'])(
    '%s shows the not-found page',
    async (path) => {
      window.localStorage.setItem('access', fakeJwt(600));
      renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: '404' })).toBeInTheDocument();
    },
  );

  it.each(['/order/3b0e6f1a', '/orders/3b0e6f1a', '/payment/3b0e6f1a', '/store/products/101'])(
    '%s shows a loading state',
    async (path) => {
      window.localStorage.setItem('access', fakeJwt(600));
      renderApp(path);
      expect(await screen.findByRole('status')).toHaveTextContent('Loading...');
    },
  );

  it('keeps an expired session offline: the bag is read from what the device kept', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.localStorage.setItem('access', fakeJwt(-60));
    window.localStorage.setItem('refresh', 'r1');
    renderApp('/wishlist');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Wishlist' })).toBeVisible();
    expect(window.localStorage.getItem('access')).not.toBeNull();
  });
});
