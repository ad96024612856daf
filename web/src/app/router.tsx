import type { RouteObject } from 'react-router';
import { Loading } from '@/components/ui/skeleton';
import { Layout } from './layout/layout';
import { lazyPage } from './lazy-page';
import { RequireAuth } from './require-auth';
import { RouteError } from './route-error';

// The route table of the storefront spec §2 (plus the password-reset e-mail link of the API
// contract). Every page is its own chunk (src/routes/*), loaded on first visit. The server
// mirrors this table (internal/httpapi/spa.go, spaRoutes) to answer other paths with HTTP 404:
// change both together.
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: Layout,
    ErrorBoundary: RouteError,
    children: [
      {
        // Pathless: keeps header and footer on screen while the first page chunk loads or fails.
        HydrateFallback: () => <Loading />,
        ErrorBoundary: RouteError,
        children: [
          { index: true, lazy: lazyPage(() => import('@/routes/home')) },
          { path: 'search', lazy: lazyPage(() => import('@/routes/search')) },
          {
            path: 'category/:categorySlug/:subCategorySlug?/:subSubCategorySlug?',
            lazy: lazyPage(() => import('@/routes/category')),
          },
          { path: 'products', lazy: lazyPage(() => import('@/routes/products')) },
          { path: 'store/products/:id', lazy: lazyPage(() => import('@/routes/product')) },
          { path: 'forgot-password', lazy: lazyPage(() => import('@/routes/forgot-password')) },
          {
            path: 'password/reset/confirm/:uid/:token',
            lazy: lazyPage(() => import('@/routes/reset-password')),
          },
          {
            Component: RequireAuth,
            children: [
              { path: 'cart', lazy: lazyPage(() => import('@/routes/cart')) },
              { path: 'messages', lazy: lazyPage(() => import('@/routes/messages')) },
              { path: 'wishlist', lazy: lazyPage(() => import('@/routes/wishlist')) },
              { path: 'orders', lazy: lazyPage(() => import('@/routes/orders')) },
              // Both spellings of the order detail route exist in the spec.
              { path: 'order/:orderId', lazy: lazyPage(() => import('@/routes/order')) },
              { path: 'orders/:orderId', lazy: lazyPage(() => import('@/routes/order')) },
              { path: 'payment/:orderId', lazy: lazyPage(() => import('@/routes/payment')) },
            ],
          },
          { path: '*', lazy: lazyPage(() => import('@/routes/not-found')) },
        ],
      },
    ],
  },
];
