import { Suspense, type ReactElement } from 'react';
import { createRoutesFromElements, matchRoutes, Route, Routes } from 'react-router';
import { Loading } from '@/components/ui/loading';
import { lazyPart, type LazyPart } from '@/lib/lazy-part';
import { Layout } from './layout/layout';
import { RouteErrorBoundary } from './route-error';

// The route table of the storefront spec §2 (plus the password-reset e-mail link of the API
// contract). Every page is its own chunk (src/routes/*), loaded on first visit; a chunk that fails
// to load reloads the page once (lib/lazy-part.ts). The server mirrors this table
// (internal/httpapi/spa.go, spaRoutes) to answer other paths with HTTP 404: change both together.
//
// Declarative routing (<Routes>), not the data router: the app loads its data with TanStack
// Query, and the data router's code would cost 17 KB gzip on every page (docs/decisions/0006).
const Home = lazyPart(() => import('@/routes/home'));
const Search = lazyPart(() => import('@/routes/search'));
const Category = lazyPart(() => import('@/routes/category'));
const Products = lazyPart(() => import('@/routes/products'));
const Product = lazyPart(() => import('@/routes/product'));
const Stores = lazyPart(() => import('@/routes/stores'));
const Store = lazyPart(() => import('@/routes/store'));
const ForgotPassword = lazyPart(() => import('@/routes/forgot-password'));
const ResetPassword = lazyPart(() => import('@/routes/reset-password'));
const RequireAuth = lazyPart(() => import('./require-auth'));
const Cart = lazyPart(() => import('@/routes/cart'));
const Messages = lazyPart(() => import('@/routes/messages'));
const Wishlist = lazyPart(() => import('@/routes/wishlist'));
const Orders = lazyPart(() => import('@/routes/orders'));
const Account = lazyPart(() => import('@/routes/account'));
const Order = lazyPart(() => import('@/routes/order'));
const Payment = lazyPart(() => import('@/routes/payment'));
const SellerRoutes = lazyPart(() => import('./seller-routes'));
const AdminRoutes = lazyPart(() => import('./admin-routes'));
const NotFound = lazyPart(() => import('@/routes/not-found'));

/**
 * The route table, apart from <Routes> so that app/client-routes.test.ts can read it: every path
 * here (with those of app/seller-routes.tsx and app/admin-routes.tsx under their '/*' routes) is
 * listed in testdata/client-routes.json, which the server's test loads directly.
 */
export const routes = (
  <>
    <Route index element={<Home />} />
    <Route path="search" element={<Search />} />
    <Route
      path="category/:categorySlug/:subCategorySlug?/:subSubCategorySlug?"
      element={<Category />}
    />
    <Route path="products" element={<Products />} />
    <Route path="store/products/:id" element={<Product />} />
    <Route path="stores" element={<Stores />} />
    <Route path="stores/:storeSlug" element={<Store />} />
    <Route path="forgot-password" element={<ForgotPassword />} />
    <Route path="password/reset/confirm/:uid/:token" element={<ResetPassword />} />
    <Route element={<RequireAuth />}>
      <Route path="cart" element={<Cart />} />
      <Route path="messages" element={<Messages />} />
      <Route path="wishlist" element={<Wishlist />} />
      <Route path="orders" element={<Orders />} />
      <Route path="account" element={<Account />} />
      {/* Both spellings of the order detail route exist in the spec. */}
      <Route path="order/:orderId" element={<Order />} />
      <Route path="orders/:orderId" element={<Order />} />
      <Route path="payment/:orderId" element={<Payment />} />
      {/* The Seller Centre, for store owners, and the staff area (issue 'Seller Centre and staff
          admin'): their pages are declared in their own lazily loaded modules, so a shopper's
          entry carries none of them. */}
      <Route path="seller/*" element={<SellerRoutes />} />
      <Route path="admin/*" element={<AdminRoutes />} />
    </Route>
    <Route path="*" element={<NotFound />} />
  </>
);

/** Loads the code of the pages that answer `pathname` (a page and the routes around it). */
export function preloadPage(pathname: string): Promise<unknown> {
  const matches = matchRoutes(createRoutesFromElements(routes), pathname) ?? [];
  return Promise.all(
    matches.map(({ route }) => {
      const type = (route.element as ReactElement | undefined)?.type as
        Partial<LazyPart<object>> | undefined;
      return type?.preload?.() ?? Promise.resolve();
    }),
  );
}

export function AppRoutes() {
  return (
    <Layout>
      {/* Header and footer stay on screen while a page's code loads or fails. */}
      <RouteErrorBoundary>
        <Suspense fallback={<Loading />}>
          <Routes>{routes}</Routes>
        </Suspense>
      </RouteErrorBoundary>
    </Layout>
  );
}
