import { PageHeading } from '@/components/ui/page-heading';
import { CardGridSkeleton, Loading } from '@/components/ui/skeleton';
import { useDocumentTitle } from '@/lib/use-document-title';

// The catalogue comes with the product list issue (GET /api/store/products/ + the URL's query).
export default function ProductsPage() {
  useDocumentTitle('All Products');
  return (
    <>
      <PageHeading>All Products</PageHeading>
      <Loading>
        <CardGridSkeleton />
      </Loading>
    </>
  );
}
