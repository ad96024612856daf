import { Loading } from '@/components/ui/loading';
import { DetailSkeleton } from '@/components/ui/skeleton';
import { useDocumentTitle } from '@/lib/use-document-title';

// Reached as /order/{orderId} and /orders/{orderId}; the detail comes with the orders issue
// (GET /api/store/orders/{orderId}/).
export default function OrderPage() {
  useDocumentTitle('Order');
  return (
    <Loading>
      <DetailSkeleton />
    </Loading>
  );
}
