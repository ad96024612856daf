import { DetailSkeleton, Loading } from '@/components/ui/skeleton';
import { useDocumentTitle } from '@/lib/use-document-title';

// The product page comes with its issue (GET /api/store/products/{id}/).
export default function ProductPage() {
  useDocumentTitle('Product');
  return (
    <Loading>
      <DetailSkeleton />
    </Loading>
  );
}
