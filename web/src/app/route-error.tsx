import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/lib/use-document-title';

/** Shown in place of a page that threw or whose code could not be loaded. */
function RouteError() {
  useDocumentTitle('Something went wrong');
  return (
    <section role="alert" className="mx-auto max-w-md py-12 text-center">
      <h1 className="text-2xl font-bold">Something went wrong</h1>
      <p className="mt-3 text-muted">This page could not be shown. Please try again.</p>
      <Button
        className="mt-6"
        onClick={() => {
          window.location.reload();
        }}
      >
        Reload page
      </Button>
    </section>
  );
}

class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

/**
 * Catches a failing page; the header and footer stay. Keyed by the path, so opening another page
 * starts afresh.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary key={pathname}>{children}</Boundary>;
}
