import { Suspense } from 'react';
import { PageHeading } from '@/components/ui/page-heading';
import { CategoryGrid } from '@/features/catalog/components/category-grid';
import { HeroCarousel } from '@/features/catalog/components/hero-carousel';
import { lazyPart } from '@/lib/lazy-part';
import { useDocumentTitle } from '@/lib/use-document-title';

// The rails are below the fold: their code loads after the page's first paint.
const HomeRails = lazyPart(() => import('@/features/rails/home-rails'));

export default function HomePage() {
  useDocumentTitle();
  return (
    <>
      <HeroCarousel />
      <PageHeading>Discover Our Collections</PageHeading>
      <CategoryGrid />
      <Suspense fallback={null}>
        <HomeRails />
      </Suspense>
    </>
  );
}
