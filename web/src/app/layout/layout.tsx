import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';
import { reportPageView } from '@/lib/analytics';
import { pageViewed } from '@/lib/pwa-schedule';
import { lazyPart } from '@/lib/lazy-part';
import { AuthDialogProvider } from '../auth-dialog';
import { Header } from './header';

// Below the fold or empty at first: their code follows the first paint.
const Footer = lazyPart(() => import('./footer'));
const Toaster = lazyPart(() => import('@/components/ui/toast'));

export function Layout({ children }: { children: ReactNode }) {
  usePageViews();
  useScrollToTop();
  return (
    <AuthDialogProvider>
      <div className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded-control bg-gold-400 px-4 py-3 font-semibold text-ink focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Skip to content
        </a>
        <Header />
        <main
          id="main"
          tabIndex={-1}
          className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 outline-none"
        >
          {children}
        </main>
        <Suspense fallback={<div className="mt-12 h-40" />}>
          <Footer />
        </Suspense>
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      </div>
    </AuthDialogProvider>
  );
}

/** Spec §2: a page view is reported on every path change (not on query or hash changes). */
function usePageViews() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    // Only the landing page has a referrer worth sending; later views come from the shop itself.
    reportPageView(pathname, first.current ? document.referrer : '');
    first.current = false;
    pageViewed();
  }, [pathname]);
}

/**
 * A new page starts at its top, as a full page load would; going back or forward leaves the
 * scrolling to the browser, which restores where the shopper was.
 */
function useScrollToTop() {
  const { pathname } = useLocation();
  const type = useNavigationType();
  useEffect(() => {
    if (type !== NavigationType.Pop) window.scrollTo(0, 0);
  }, [pathname, type]);
}
