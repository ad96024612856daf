import { useNavigate, useParams } from 'react-router';
import { ProductListing } from '@/components/product-listing';
import { Button } from '@/components/ui/button';
import { PageHeading } from '@/components/ui/page-heading';
import { useProductList } from '@/features/catalog/api/get-products';
import { LazyWishlistHeart } from '@/features/wishlist/components/lazy-wishlist-heart';
import { useDocumentTitle } from '@/lib/use-document-title';

/** Spec §2: the slugs with hyphens replaced by spaces, joined with ' > '. */
export function categoryHeading(slugs: readonly (string | undefined)[]): string {
  return slugs
    .filter((slug): slug is string => Boolean(slug))
    .map((slug) => slug.replace(/-/g, ' '))
    .join(' > ');
}

/** The API filter of a category path: one slug parameter per level (contract §2.2). */
export function categoryFilter(c = '', s = '', ss = ''): Record<string, string> {
  const filter: Record<string, string> = { category__slug: c };
  if (s) filter.subcategory__slug = s;
  if (ss) filter.sub_subcategory__slug = ss;
  return filter;
}

export default function CategoryPage() {
  const { categorySlug, subCategorySlug, subSubCategorySlug } = useParams();
  const navigate = useNavigate();
  const heading = categoryHeading([categorySlug, subCategorySlug, subSubCategorySlug]);
  useDocumentTitle(heading);
  const query = useProductList(categoryFilter(categorySlug, subCategorySlug, subSubCategorySlug));
  return (
    <>
      <PageHeading>
        <span className="capitalize">{heading}</span>
      </PageHeading>
      <ProductListing
        query={query}
        action={(p) => <LazyWishlistHeart productId={p.id} productName={p.name} />}
        empty={
          <div className="py-8 text-center">
            <p className="text-lg">No products found in this category.</p>
            <Button
              variant="secondary"
              className="mt-4"
              onClick={() => {
                void navigate(-1);
              }}
            >
              Go Back
            </Button>
          </div>
        }
      />
    </>
  );
}
