import { PageHeading } from '@/components/ui/page-heading';
import { Loading } from '@/components/ui/loading';
import { ListSkeleton } from '@/components/ui/skeleton';
import { useDocumentTitle } from '@/lib/use-document-title';

// The content comes with the messages issue (GET /api/store/messages/).
export default function MessagesPage() {
  useDocumentTitle('Message Center');
  return (
    <>
      <PageHeading>Message Center</PageHeading>
      <Loading>
        <ListSkeleton />
      </Loading>
    </>
  );
}
