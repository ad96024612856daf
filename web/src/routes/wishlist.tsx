import { PageHeading } from '@/components/ui/page-heading';
import { Loading } from '@/components/ui/loading';
import { CardGridSkeleton } from '@/components/ui/skeleton';
import { useDocumentTitle } from '@/lib/use-document-title';

// The content comes with the wishlist issue (GET /api/store/wishlists/).
export default function WishlistPage() {
  useDocumentTitle('Your Wishlist');
  return (
    <>
      <PageHeading>Your Wishlist</PageHeading>
      <Loading>
        <CardGridSkeleton />
      </Loading>
    </>
  );
}
