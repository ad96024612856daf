import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { useEffect } from 'react';
import { MemoryRouter, useLocation, type Location } from 'react-router';
import { AppProviders } from '@/app/providers';
import { AppRoutes } from '@/app/router';

/** Where the app is; `current` follows every navigation. */
export interface LocationProbe {
  current: Location;
}

function Probe({ locationRef }: { locationRef: LocationProbe }) {
  const location = useLocation();
  useEffect(() => {
    locationRef.current = location;
  });
  return null;
}

/** Renders the whole app (real route table, layout and providers) at `path`. */
export function renderApp(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const location = {} as LocationProbe;
  const result = render(
    <AppProviders client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Probe locationRef={location} />
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...result, location, client };
}
