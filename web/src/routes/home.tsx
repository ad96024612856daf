import { PageHeading } from '@/components/ui/page-heading';
import { CategoryGrid } from '@/features/catalog/components/category-grid';
import { HeroCarousel } from '@/features/catalog/components/hero-carousel';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function HomePage() {
  useDocumentTitle();
  return (
    <>
      <HeroCarousel />
      <PageHeading>Discover Our Collections</PageHeading>
      <CategoryGrid />
    </>
  );
}
