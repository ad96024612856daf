import { useSearchParams } from 'react-router';
import { PageHeading } from '@/components/ui/page-heading';
import { CardGridSkeleton, Loading } from '@/components/ui/skeleton';
import { useDocumentTitle } from '@/lib/use-document-title';

// Results come with the search issue (GET /api/store/products/?search=…).
export default function SearchPage() {
  const [params] = useSearchParams();
  const query = params.get('query')?.trim() ?? '';
  useDocumentTitle(query ? `Search Results for ${query}` : 'Search Results');
  return (
    <>
      <PageHeading>Search Results</PageHeading>
      {query === '' ? (
        <p className="text-muted">No products found.</p>
      ) : (
        <>
          <p className="-mt-4 mb-6 text-muted">for “{query}”</p>
          <Loading>
            <CardGridSkeleton />
          </Loading>
        </>
      )}
    </>
  );
}
