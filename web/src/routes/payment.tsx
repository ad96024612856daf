import { Loading } from '@/components/ui/loading';
import { DetailSkeleton } from '@/components/ui/skeleton';
import { useDocumentTitle } from '@/lib/use-document-title';

// Spec §2: a loading skeleton first; the summary comes with the payment issue.
export default function PaymentPage() {
  useDocumentTitle('Payment');
  return (
    <Loading>
      <DetailSkeleton />
    </Loading>
  );
}
