import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { refreshSession } from '@/lib/api/client';
import { useAccessToken } from '@/lib/auth/session';
import { isExpired, saveNextPath } from '@/lib/auth/tokens';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAuthDialog } from './auth-dialog';

/** The dialog's own query parameter (features/account/components/auth-dialog.tsx). */
const DISMISSED = 'dismissed';

/**
 * Guards the routes that need a signed-in shopper (spec §2 protected-page wrapper, §4 auth state):
 * unknown while an expired token is refreshed, then the page or the log-in prompt. A visitor's
 * path is saved as `next`, and the login dialog opens unless the visitor dismissed it here.
 */
export default function RequireAuth() {
  const token = useAccessToken();
  // Offline an expired session stays: the pages read what the service worker kept (decision 0026).
  const expired = token !== null && isExpired(token) && navigator.onLine;
  const signedOut = token === null;
  const location = useLocation();
  const { open } = useAuthDialog();

  useEffect(() => {
    // Success stores a fresh token, failure clears both: either way this renders again.
    if (expired) void refreshSession();
  }, [expired]);

  useEffect(() => {
    if (!signedOut) return;
    const params = new URLSearchParams(location.search);
    const dismissed = params.get(DISMISSED) === 'true';
    params.delete(DISMISSED);
    const query = params.toString();
    saveNextPath(location.pathname + (query ? `?${query}` : ''));
    if (!dismissed) open('login');
    // Only when the shopper turns out signed out, not on the URL changes the dialog itself makes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signedOut]);

  if (expired) {
    return (
      <p role="status" className="py-12 text-center text-muted">
        Loading...
      </p>
    );
  }
  if (signedOut) {
    return (
      <LoginRequired
        onLogin={() => {
          open('login');
        }}
      />
    );
  }
  return <Outlet />;
}

function LoginRequired({ onLogin }: { onLogin: () => void }) {
  useDocumentTitle('Log in required');
  return (
    <section className="mx-auto max-w-md py-12 text-center">
      <h1 className="text-2xl font-bold">You must log in to access this page.</h1>
      <p className="mt-3 text-muted">Please use the login option from the profile dropdown.</p>
      <Button className="mt-6" onClick={onLogin}>
        Login
      </Button>
    </section>
  );
}
