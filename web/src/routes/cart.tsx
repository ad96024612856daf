import { PageHeading } from '@/components/ui/page-heading';
import { Loading } from '@/components/ui/loading';
import { ListSkeleton } from '@/components/ui/skeleton';
import { useDocumentTitle } from '@/lib/use-document-title';

// The content comes with the bag issue (GET /api/store/cart-items/).
export default function CartPage() {
  useDocumentTitle('Shopping Bag');
  return (
    <>
      <PageHeading>Shopping Bag</PageHeading>
      <Loading>
        <ListSkeleton />
      </Loading>
    </>
  );
}
