import { Component, Suspense, type ReactNode } from 'react';
import { NavLink, Outlet } from 'react-router';
import { Loading } from '@/components/ui/loading';
import { useMe } from '@/lib/auth/me';
import { cx } from '@/lib/cx';
import { isForbidden } from '../api/errors';
import { useSellerStore } from '../api/store';
import { NotAllowed } from './not-allowed';

const SECTIONS = [
  { to: '/seller', label: 'Dashboard', end: true },
  { to: '/seller/products', label: 'Products', end: false },
  { to: '/seller/orders', label: 'Orders', end: false },
  { to: '/seller/store', label: 'Store profile', end: false },
] as const;

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
      <div className="mb-6 border-b border-line">
        <p className="text-sm font-semibold text-muted">Seller Centre{name ? ` · ${name}` : ''}</p>
        <nav aria-label="Seller Centre" className="-mb-px overflow-x-auto">
          <ul className="flex gap-1 whitespace-nowrap">
            {SECTIONS.map((section) => (
              <li key={section.to}>
                <NavLink
                  to={section.to}
                  end={section.end}
                  className={({ isActive }) =>
                    cx(
                      'inline-flex min-h-tap items-center border-b-2 px-3 font-semibold',
                      isActive
                        ? 'border-brand-700 text-brand-800'
                        : 'border-transparent text-muted hover:text-brand-700',
                    )
                  }
                >
                  {section.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
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
