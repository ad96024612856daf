import { ButtonLink } from '@/components/ui/button';
import { useDocumentTitle } from '@/lib/use-document-title';

export const NOT_ALLOWED = 'Seller Centre is for store owners.';

/** A signed-in shopper without a store (their `me`, or a 403 from the Seller Centre API). */
export function NotAllowed() {
  useDocumentTitle('Seller Centre');
  return (
    <section className="mx-auto max-w-md py-12 text-center">
      <h1 className="text-2xl font-bold">{NOT_ALLOWED}</h1>
      <p className="mt-3 text-muted">
        Your account does not own a store, so there is nothing to manage here.
      </p>
      <ButtonLink to="/" className="mt-6">
        Back to Home
      </ButtonLink>
    </section>
  );
}
