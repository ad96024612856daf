import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { Footer } from './footer';
import { Header } from './header';

export function Layout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-control bg-gold-400 px-4 py-3 font-semibold text-ink focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <Header />
      <NavigationProgress />
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 outline-none"
      >
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}

/** A thin bar at the top while the next page's code loads. */
function NavigationProgress() {
  const { state } = useNavigation();
  if (state === 'idle') return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-gold-400"
    />
  );
}
