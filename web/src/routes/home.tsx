import { Suspense } from 'react';
import { PageHeading } from '@/components/ui/page-heading';
import { CategoryGrid } from '@/features/catalog/components/category-grid';
import { HeroCarousel } from '@/features/catalog/components/hero-carousel';
import { useDataSaver } from '@/lib/data-saver';
import { lazyPart } from '@/lib/lazy-part';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useNearViewport } from '@/lib/use-near-viewport';

// The rails are below the fold: their code loads after the page's first paint.
const HomeRails = lazyPart(() => import('@/features/rails/home-rails'));

export default function HomePage() {
  useDocumentTitle();
  return (
    <>
      <HeroCarousel />
      <PageHeading>Discover Our Collections</PageHeading>
      <CategoryGrid />
      <Rails />
    </>
  );
}

/**
 * In data-saver mode the rails' code (3.6 KB on the wire) waits until the shopper scrolls to
 * where they start, as their products and images already do: a visit that never scrolls past the
 * categories spends nothing on them.
 */
function Rails() {
  const saver = useDataSaver();
  const [ref, near] = useNearViewport<HTMLDivElement>();
  if (saver && !near) return <div ref={ref} data-testid="rails-placeholder" className="h-px" />;
  return (
    <Suspense fallback={null}>
      <HomeRails />
    </Suspense>
  );
}
