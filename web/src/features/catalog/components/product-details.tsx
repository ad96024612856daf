import { ProductCard } from '@/components/product-card';
import { SIDE_SCROLL_SLOT, SideScroll } from '@/components/ui/side-scroll';
import type { Product } from '../api/get-product';
import { useProductList } from '../api/get-products';
import { ReviewList, RichText, Section, SectionNav, StoreCard } from './product-sections';
import { ReviewForm } from './review-form';

/** The product page's sections under the sticky navigation (spec §2 Product detail). */
export default function ProductDetails({ product }: { product: Product }) {
  return (
    <div className="mt-8">
      <SectionNav />
      <div className="space-y-6">
        <Section id="reviews" title="Customer Reviews">
          <ReviewList product={product} />
          <h3 className="mt-6 mb-3 text-lg font-bold">Add Your Review</h3>
          <ReviewForm productId={product.id} />
        </Section>
        <Section id="description" title="Product Description">
          <RichText html={product.description} empty="No description available." />
        </Section>
        <Section id="specification" title="Specification">
          <RichText html={product.specification} empty="No specifications available." />
        </Section>
        <Section id="store" title="Store">
          {product.store ? (
            <StoreCard store={product.store} />
          ) : (
            <p className="text-muted">Sold by Dwa.</p>
          )}
        </Section>
        <Section id="related" title="Related Products">
          <Related product={product} />
        </Section>
      </div>
    </div>
  );
}

/** Products of the same deepest category, this one left out (issue 19), in a sideways row. */
function Related({ product }: { product: Product }) {
  const filter: Record<string, string> = {};
  if (product.category_slug) filter.category__slug = product.category_slug;
  if (product.subcategory_slug) filter.subcategory__slug = product.subcategory_slug;
  if (product.sub_subcategory_slug) filter.sub_subcategory__slug = product.sub_subcategory_slug;
  const list = useProductList(filter);
  const items = (list.data?.pages[0]?.items ?? []).filter((p) => p.id !== product.id).slice(0, 12);
  if (list.isPending) return <p className="text-muted">Loading...</p>;
  if (items.length === 0) return <p className="text-muted">No related products yet.</p>;
  return (
    <SideScroll labelledBy="related-title">
      {items.map((p) => (
        <li key={p.id} className={SIDE_SCROLL_SLOT}>
          <ProductCard product={p} />
        </li>
      ))}
    </SideScroll>
  );
}
