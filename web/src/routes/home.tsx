import { PageHeading } from '@/components/ui/page-heading';
import { CategoryGrid } from '@/features/catalog/components/category-grid';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function HomePage() {
  useDocumentTitle();
  return (
    <>
      {/*
        Hero carousel slot (spec §2 Home): the carousel issue renders it here, above the grid,
        from GET /api/store/hero/ (features/catalog/api/get-hero-slides.ts).
      */}
      <PageHeading>Discover Our Collections</PageHeading>
      <CategoryGrid />
    </>
  );
}
