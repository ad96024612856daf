import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { bagQuote } from './fixtures';

/** The facets of an empty list. */
export const NO_FACETS = {
  count: 0,
  stores: [],
  brands: [],
  options: [],
  ratings: [4, 3, 2, 1].map((min_rating) => ({ min_rating, count: 0 })),
  in_stock: 0,
  on_sale: 0,
  price: null,
};

/**
 * The mock API for component tests; each test installs its handlers with `server.use(...)`.
 * Page views are reported on every page, and the header asks a signed-in user's unread count on
 * every page, so they are answered for all tests (none unread unless a test says otherwise). A
 * pending order's page asks for its payment attempts, a paid one for its refunds, the account
 * page and checkout for the address book: none unless a test says otherwise. The payment page asks
 * whether pay on delivery is offered (not, unless a test says otherwise), and the staff refunds page
 * reads the pay on delivery and store refund switches (off). Product lists ask for their filters' counts: none unless a
 * test says otherwise. Checkout quotes delivery (door delivery by one store, GH₵ 20) and asks for
 * the region's pickup stations (none).
 */
export const server = setupServer(
  http.post('/api/analytics/pageviews/', () => new HttpResponse(null, { status: 204 })),
  http.get('/api/store/messages/unread_count/', () => HttpResponse.json({ count: 0 })),
  http.get('/api/store/payments/', () =>
    HttpResponse.json({ count: 0, next: null, previous: null, results: [] }),
  ),
  http.get('/api/store/orders/:id/refunds/', () => HttpResponse.json([])),
  http.get('/api/store/orders/:id/pay-on-delivery/', () =>
    HttpResponse.json({
      available: false,
      reason: 'Pay on delivery is not available at the moment.',
      amount: 3899,
      max_amount: 2000,
      chosen: false,
    }),
  ),
  http.get('/api/admin/settings/payments/', () =>
    HttpResponse.json({
      cod_enabled: false,
      cod_max_amount: 2000,
      store_refunds: false,
      updated_at: null,
    }),
  ),
  http.get('/api/auth/users/me/addresses/', () => HttpResponse.json({ results: [], max: 20 })),
  http.get('/api/store/products/facets/', () => HttpResponse.json(NO_FACETS)),
  http.post('/api/store/delivery/quote/', () => HttpResponse.json(bagQuote())),
  http.get('/api/store/pickup-points/', () => HttpResponse.json([])),
);
