import { setupServer } from 'msw/node';

/** The mock API for component tests; each test installs its handlers with `server.use(...)`. */
export const server = setupServer();
