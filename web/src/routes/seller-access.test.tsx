import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { SUSPENDED } from '@/features/seller/components/seller-area';
import { renderApp } from '@/test/render';
import { dashboard, FORBIDDEN, sellerAt, sellerStore } from '@/test/seller-fixtures';
import { server } from '@/test/server';
import { fakeJwt } from '@/test/tokens';

const PAGES = [
  '/seller',
  '/seller/products',
  '/seller/products/new',
  '/seller/products/12',
  '/seller/orders',
  '/seller/store',
];

/** Every Seller Centre endpoint a page may ask, answered 403 (a signed-in user without a store). */
function forbidAll() {
  const forbidden = () => HttpResponse.json(FORBIDDEN, { status: 403 });
  server.use(
    http.get('/api/seller/*', forbidden),
    http.get('/api/store/categories/', () => HttpResponse.json([])),
  );
}

describe('Seller Centre access', () => {
  it.each(PAGES)('%s asks a visitor to log in', async (path) => {
    renderApp(path);
    expect(
      await screen.findByRole('heading', { name: 'You must log in to access this page.' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('dialog', { name: 'Welcome Back!' })).toBeInTheDocument();
  });

  it('shows the log-in state when the API answers 401 and the session cannot be renewed', async () => {
    window.localStorage.setItem('access', fakeJwt(600));
    server.use(
      http.get('/api/store/cart-items/', () => HttpResponse.json([])),
      http.get('/api/auth/users/me/', () =>
        HttpResponse.json(
          { detail: 'Authentication credentials were not provided.', code: 'not_authenticated' },
          { status: 401 },
        ),
      ),
      http.get('/api/seller/*', () =>
        HttpResponse.json(
          { detail: 'Authentication credentials were not provided.', code: 'not_authenticated' },
          { status: 401 },
        ),
      ),
    );
    renderApp('/seller');
    expect(
      await screen.findByRole('heading', { name: 'You must log in to access this page.' }),
    ).toBeInTheDocument();
    expect(window.localStorage.getItem('access')).toBeNull();
  });

  it.each(PAGES)('%s tells a shopper without a store it is for store owners', async (path) => {
    forbidAll();
    sellerAt(path, { shopper: true });
    expect(
      await screen.findByRole('heading', { name: 'Seller Centre is for store owners.' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('navigation', { name: 'Seller Centre' })).not.toBeInTheDocument();
  });

  it.each(PAGES)('%s shows the same state on a 403 from the API', async (path) => {
    forbidAll();
    window.localStorage.setItem('access', fakeJwt(600));
    server.use(
      http.get('/api/store/cart-items/', () => HttpResponse.json([])),
      // `me` is unavailable: the API's 403 alone decides.
      http.get('/api/auth/users/me/', () => HttpResponse.error()),
    );
    renderApp(path);
    expect(
      await screen.findByRole('heading', { name: 'Seller Centre is for store owners.' }),
    ).toBeInTheDocument();
  });

  it('lets a store owner in', async () => {
    server.use(
      http.get('/api/seller/dashboard/', () => HttpResponse.json(dashboard())),
      http.get('/api/seller/store/', () => HttpResponse.json(sellerStore())),
    );
    sellerAt('/seller');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByText('Seller Centre is for store owners.')).not.toBeInTheDocument();
    expect(screen.queryByText(SUSPENDED)).not.toBeInTheDocument();
  });

  it('tells the owner of a suspended store, and keeps them in', async () => {
    server.use(http.get('/api/seller/dashboard/', () => HttpResponse.json(dashboard())));
    sellerAt('/seller', { store: { ...sellerStore(), is_active: false } });
    expect(await screen.findByText(SUSPENDED)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });
});

describe('profile menu', () => {
  it.each([
    [false, true],
    [true, false],
  ])('shopper=%s: Seller Centre link shown %s', async (shopper, shown) => {
    server.use(http.get('/api/seller/dashboard/', () => HttpResponse.json(dashboard())));
    sellerAt('/seller/store', { shopper });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Account' }));
    // The menu is open (the header has a Messages link of its own).
    await screen.findByRole('link', { name: 'My Orders' });
    if (shown) {
      await user.click(await screen.findByRole('link', { name: 'Seller Centre' }));
      expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    } else {
      // `me` has answered: the not-allowed page shows it.
      await screen.findByRole('heading', { name: 'Seller Centre is for store owners.' });
      expect(screen.queryByRole('link', { name: 'Seller Centre' })).not.toBeInTheDocument();
    }
  });
});
