import { Outlet } from 'react-router';
import { getAccessToken } from '@/lib/auth/tokens';
import { useDocumentTitle } from '@/lib/use-document-title';

/** Guards the routes that need a signed-in shopper (spec §2, protected-page wrapper). */
export function RequireAuth() {
  return getAccessToken() ? <Outlet /> : <LoginRequired />;
}

function LoginRequired() {
  useDocumentTitle('Log in required');
  return (
    <section className="mx-auto max-w-md py-12 text-center">
      <h1 className="text-2xl font-bold">You must log in to access this page.</h1>
      <p className="mt-3 text-muted">Please use the login option from the profile dropdown.</p>
    </section>
  );
}
