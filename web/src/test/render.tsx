import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
// RouterProvider from 'react-router' (not 'react-router/dom' as in main.tsx): under Node the two
// entry points load different builds (CommonJS vs ESM) whose router contexts do not meet.
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '@/app/providers';
import { routes } from '@/app/router';

/** Renders the whole app (real route table, layout and providers) at `path`. */
export function renderApp(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <AppProviders client={client}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router };
}
