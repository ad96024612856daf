import { useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/lib/use-document-title';

/** Shown in place of a page that threw or whose code could not be loaded. */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
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
