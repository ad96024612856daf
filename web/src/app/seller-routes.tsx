import { Route, Routes } from 'react-router';
import SellerArea from '@/features/seller/components/seller-area';
import { lazyPart } from '@/lib/lazy-part';

// The Seller Centre's pages, declared here rather than in app/router.tsx: this module loads only
// when a URL under /seller is visited, so a shopper's entry carries none of these pages' loaders
// or preload lists (design.md §5 budget). The server's preload table names this module with each
// seller page (internal/httpapi/preload.go, sellerModules).
const SellerDashboard = lazyPart(() => import('@/routes/seller-dashboard'));
const SellerProducts = lazyPart(() => import('@/routes/seller-products'));
const SellerProduct = lazyPart(() => import('@/routes/seller-product'));
const SellerImport = lazyPart(() => import('@/routes/seller-import'));
const SellerOrders = lazyPart(() => import('@/routes/seller-orders'));
const SellerStore = lazyPart(() => import('@/routes/seller-store'));
const SellerPayouts = lazyPart(() => import('@/routes/seller-payouts'));
const NotFound = lazyPart(() => import('@/routes/not-found'));

/** The pages under /seller (relative paths), apart so that app/client-routes.test.ts can read them. */
export const routes = (
  <>
    <Route element={<SellerArea />}>
      <Route index element={<SellerDashboard />} />
      <Route path="products" element={<SellerProducts />} />
      <Route path="products/new" element={<SellerProduct />} />
      <Route path="products/import" element={<SellerImport />} />
      <Route path="products/:productId" element={<SellerProduct />} />
      <Route path="orders" element={<SellerOrders />} />
      <Route path="store" element={<SellerStore />} />
      <Route path="payouts" element={<SellerPayouts />} />
    </Route>
    {/* The storefront's not-found page, without the area's frame, as for any unknown URL. */}
    <Route path="*" element={<NotFound />} />
  </>
);

export default function SellerRoutes() {
  return <Routes>{routes}</Routes>;
}
