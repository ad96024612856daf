import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/**
 * The mock API for component tests; each test installs its handlers with `server.use(...)`.
 * Page views are reported on every page, so they are answered for all tests.
 */
export const server = setupServer(
  http.post('/api/analytics/pageviews/', () => new HttpResponse(null, { status: 204 })),
);
