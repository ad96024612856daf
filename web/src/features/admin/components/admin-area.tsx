import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import { Loading } from '@/components/ui/loading';
import { SectionNav, type Section } from '@/components/backoffice/section-nav';
import { useMe } from '@/lib/auth/me';
import { useDocumentTitle } from '@/lib/use-document-title';

export const STAFF_ONLY = 'This area is for Dwa staff.';

const SECTIONS: readonly Section[] = [
  { to: '/admin', label: 'Reviews & ratings', end: true },
  { to: '/admin/users', label: 'Accounts', end: false },
  { to: '/admin/stores', label: 'Stores', end: false },
  { to: '/admin/complaints', label: 'Complaints', end: false },
  { to: '/admin/refunds', label: 'Refunds', end: false },
  { to: '/admin/payouts', label: 'Payouts', end: false },
  { to: '/admin/delivery', label: 'Delivery', end: false },
  { to: '/admin/categories', label: 'Categories', end: false },
  { to: '/admin/hero', label: 'Home page slides', end: false },
  { to: '/admin/analytics', label: 'Analytics', end: false },
];

/** The staff area's frame, inside the sign-in guard: its navigation and the page, for staff only. */
export default function AdminArea() {
  const me = useMe();
  if (me.isPending) return <Loading />;
  if (!me.data?.is_staff) return <StaffOnly />;
  return (
    <>
      <SectionNav area="Dwa staff" label="Staff" sections={SECTIONS} />
      <Suspense fallback={<Loading />}>
        <Outlet />
      </Suspense>
    </>
  );
}

function StaffOnly() {
  useDocumentTitle('Staff');
  return (
    <section className="mx-auto max-w-md py-12 text-center">
      <h1 className="text-2xl font-bold">{STAFF_ONLY}</h1>
      <p className="mt-3 text-muted">Your account is not a staff account.</p>
      <ButtonLink to="/" className="mt-6">
        Back to Home
      </ButtonLink>
    </section>
  );
}
