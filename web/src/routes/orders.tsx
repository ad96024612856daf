import { PageHeading } from '@/components/ui/page-heading';
import { Loading } from '@/components/ui/loading';
import { ListSkeleton } from '@/components/ui/skeleton';
import { useDocumentTitle } from '@/lib/use-document-title';

// The content comes with the orders issue (GET /api/store/orders/).
export default function OrdersPage() {
  useDocumentTitle('Order Management');
  return (
    <>
      <PageHeading>Order Management</PageHeading>
      <Loading>
        <ListSkeleton />
      </Loading>
    </>
  );
}
