import { PageHeading } from '@/components/ui/page-heading';
import { CardGridSkeleton, Loading } from '@/components/ui/skeleton';
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
