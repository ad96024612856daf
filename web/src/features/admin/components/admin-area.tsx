import { Suspense } from 'react';
import { NavLink, Outlet } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import { Loading } from '@/components/ui/loading';
import { useMe } from '@/lib/auth/me';
import { cx } from '@/lib/cx';
import { useDocumentTitle } from '@/lib/use-document-title';

export const STAFF_ONLY = 'This area is for Dwa staff.';

const SECTIONS = [{ to: '/admin', label: 'Reviews & ratings', end: true }] as const;

/** The staff area's frame, inside the sign-in guard: its navigation and the page, for staff only. */
export default function AdminArea() {
  const me = useMe();
  if (me.isPending) return <Loading />;
  if (!me.data?.is_staff) return <StaffOnly />;
  return (
    <>
      <div className="mb-6 border-b border-line">
        <p className="text-sm font-semibold text-muted">Dwa staff</p>
        <nav aria-label="Staff" className="-mb-px overflow-x-auto">
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
