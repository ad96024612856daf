import { ButtonLink } from '@/components/ui/button';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <section className="flex flex-col items-center py-12 text-center">
      <h1 className="text-display font-extrabold text-brand-700">404</h1>
      <p className="mt-4 text-xl">Oops! You've discovered uncharted space</p>
      <ButtonLink to="/" className="mt-8">
        Beam Me Home
      </ButtonLink>
    </section>
  );
}
