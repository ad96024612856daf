import { useNavigate, useParams } from 'react-router';
import { ProductListing } from '@/components/product-listing';
import { Button } from '@/components/ui/button';
import { PageHeading } from '@/components/ui/page-heading';
import { useCategories, type Category } from '@/features/catalog/api/get-categories';
import { useProductList } from '@/features/catalog/api/get-products';
import {
  FilteredListing,
  NoResults,
  useListFilter,
} from '@/features/listing/components/filtered-listing';
import { LazyWishlistHeart } from '@/features/wishlist/components/lazy-wishlist-heart';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * The heading of a category path: its categories' names joined with ' > ' ('Gaming > Consoles >
 * X-Box'). Until the tree is loaded, or for a path it does not have, the spec's §2 form: the slugs
 * with hyphens replaced by spaces.
 */
function categoryHeading(
  slugs: readonly (string | undefined)[],
  tree: readonly Category[] | undefined,
): string {
  const path = slugs.filter((slug): slug is string => Boolean(slug));
  const names: string[] = [];
  let level = tree;
  for (const slug of path) {
    const category = level?.find((c) => c.slug === slug);
    if (!category) return path.map((s) => s.replace(/-/g, ' ')).join(' > ');
    names.push(category.name);
    level = category.subcategories;
  }
  return names.join(' > ');
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
  const { data: tree } = useCategories();
  const heading = categoryHeading([categorySlug, subCategorySlug, subSubCategorySlug], tree);
  useDocumentTitle(heading);
  const filter = useListFilter(categoryFilter(categorySlug, subCategorySlug, subSubCategorySlug));
  const query = useProductList(filter);
  return (
    <FilteredListing filter={filter} heading={<PageHeading>{heading}</PageHeading>}>
      <ProductListing
        query={query}
        action={(p) => <LazyWishlistHeart productId={p.id} productName={p.name} />}
        empty={
          <NoResults>
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
          </NoResults>
        }
      />
    </FilteredListing>
  );
}
