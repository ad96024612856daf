import { Component, Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { Loading } from '@/components/ui/loading';
import { SectionNav, type Section } from '@/components/backoffice/section-nav';
import { useMe } from '@/lib/auth/me';
import { isForbidden } from '../api/errors';
import { useSellerStore } from '../api/store';
import { NotAllowed } from './not-allowed';

export const SUSPENDED =
  'Your store is suspended: shoppers cannot see or order its products, nor write to it. You can still fulfil the orders already placed. Dwa support can tell you more.';

const SECTIONS: readonly Section[] = [
  { to: '/seller', label: 'Dashboard', end: true },
  { to: '/seller/products', label: 'Products', end: false },
  { to: '/seller/orders', label: 'Orders', end: false },
  { to: '/seller/payouts', label: 'Payouts', end: false },
  { to: '/seller/store', label: 'Store profile', end: false },
];

/**
 * The Seller Centre's frame, inside the sign-in guard: its navigation and the page. A signed-in
 * user without a store sees NOT_ALLOWED instead — known from `me`, from the 403 of the store this
 * frame reads, or from a 403 of any page's query (they throw it to the boundary here). The page's
 * data loads alongside these, not after them.
 */
export default function SellerArea() {
  const me = useMe();
  const store = useSellerStore({ throwForbidden: false });
  const name = store.data?.name ?? me.data?.store?.name;
  // NotAllowed takes the boundary's one child slot either way, so it is not shown twice.
  if (me.data?.store === null || isForbidden(store.error)) {
    return (
      <ForbiddenBoundary>
        <NotAllowed />
      </ForbiddenBoundary>
    );
  }
  return (
    <ForbiddenBoundary>
      <SectionNav
        area={`Seller Centre${name ? ` · ${name}` : ''}`}
        label="Seller Centre"
        sections={SECTIONS}
      />
      {store.data?.is_active === false && (
        <p
          role="status"
          className="mb-4 rounded-card border border-danger-600/40 bg-danger-50 p-4 text-danger-700"
        >
          {SUSPENDED}
        </p>
      )}
      {/* The navigation stays while a page's code loads. */}
      <Suspense fallback={<Loading />}>
        <Outlet />
      </Suspense>
    </ForbiddenBoundary>
  );
}

/** Shows NotAllowed for a thrown 403; anything else goes on to the route's error boundary. */
class ForbiddenBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (isForbidden(error)) return <NotAllowed />;
    throw error;
  }
}
