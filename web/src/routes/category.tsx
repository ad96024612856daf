import { useParams } from 'react-router';
import { PageHeading } from '@/components/ui/page-heading';
import { CardGridSkeleton, Loading } from '@/components/ui/skeleton';
import { useDocumentTitle } from '@/lib/use-document-title';

/** Spec §2: the slugs with hyphens replaced by spaces, joined with ' > '. */
export function categoryHeading(slugs: readonly (string | undefined)[]): string {
  return slugs
    .filter((slug): slug is string => Boolean(slug))
    .map((slug) => slug.replace(/-/g, ' '))
    .join(' > ');
}

// Products come with the category listing issue (GET /api/store/products/?category__slug=…).
export default function CategoryPage() {
  const { categorySlug, subCategorySlug, subSubCategorySlug } = useParams();
  const heading = categoryHeading([categorySlug, subCategorySlug, subSubCategorySlug]);
  useDocumentTitle(heading);
  return (
    <>
      <PageHeading>
        <span className="capitalize">{heading}</span>
      </PageHeading>
      <Loading>
        <CardGridSkeleton />
      </Loading>
    </>
  );
}
