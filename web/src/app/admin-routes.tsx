import { Route, Routes } from 'react-router';
import AdminArea from '@/features/admin/components/admin-area';
import { lazyPart } from '@/lib/lazy-part';

// The staff area's pages, declared here rather than in app/router.tsx: this module loads only
// when a URL under /admin is visited, so a shopper's entry carries none of these pages' loaders
// or preload lists (design.md §5 budget). The server's preload table names this module with each
// staff page (internal/httpapi/preload.go, adminModules).
const AdminModeration = lazyPart(() => import('@/routes/admin-moderation'));
const AdminUsers = lazyPart(() => import('@/routes/admin-users'));
const AdminComplaints = lazyPart(() => import('@/routes/admin-complaints'));
const AdminStores = lazyPart(() => import('@/routes/admin-stores'));
const AdminCategories = lazyPart(() => import('@/routes/admin-categories'));
const AdminHero = lazyPart(() => import('@/routes/admin-hero'));
const AdminAnalytics = lazyPart(() => import('@/routes/admin-analytics'));
const AdminRefunds = lazyPart(() => import('@/routes/admin-refunds'));
const AdminDelivery = lazyPart(() => import('@/routes/admin-delivery'));
const AdminPayouts = lazyPart(() => import('@/routes/admin-payouts'));
const NotFound = lazyPart(() => import('@/routes/not-found'));

/** The pages under /admin (relative paths), apart so that app/client-routes.test.ts can read them. */
export const routes = (
  <>
    <Route element={<AdminArea />}>
      <Route index element={<AdminModeration />} />
      <Route path="users" element={<AdminUsers />} />
      <Route path="stores" element={<AdminStores />} />
      <Route path="complaints" element={<AdminComplaints />} />
      <Route path="refunds" element={<AdminRefunds />} />
      <Route path="delivery" element={<AdminDelivery />} />
      <Route path="payouts" element={<AdminPayouts />} />
      <Route path="categories" element={<AdminCategories />} />
      <Route path="hero" element={<AdminHero />} />
      <Route path="analytics" element={<AdminAnalytics />} />
    </Route>
    {/* The storefront's not-found page, without the area's frame, as for any unknown URL. */}
    <Route path="*" element={<NotFound />} />
  </>
);

export default function AdminRoutes() {
  return <Routes>{routes}</Routes>;
}
