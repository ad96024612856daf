import type { components } from '@/lib/api/schema';
import { boughtTogether, listRail, RAIL_SIZE } from './rail-sources';
import { ProductRail } from './product-rail';

type Product = components['schemas']['Product'];

/** The filter and page of the product's deepest category, from the root down. */
function leafCategory(product: Product) {
  const levels = [
    ['category__slug', product.category_slug],
    ['subcategory__slug', product.subcategory_slug],
    ['sub_subcategory__slug', product.sub_subcategory_slug],
  ] as const;
  const params: Record<string, string> = {};
  const path: string[] = [];
  for (const [key, slug] of levels) {
    if (!slug) break;
    params[key] = slug;
    path.push(encodeURIComponent(slug));
  }
  return path.length ? { params, href: `/category/${path.join('/')}` } : null;
}

/**
 * Below a product: "Frequently bought together" (from paid orders, ADR 0022) and "Related
 * products" (the same deepest category, newest first, without this product). Each loads when
 * scrolled near and hides itself when it has nothing to show.
 */
export default function ProductRails({ product }: { product: Product }) {
  const leaf = leafCategory(product);
  return (
    <>
      <ProductRail
        title="Frequently bought together"
        queryKey={['bought-together', product.id]}
        load={(signal) => boughtTogether(product.id, signal)}
      />
      {leaf && (
        <ProductRail
          title="Related products"
          queryKey={['related', product.id]}
          seeAll={leaf.href}
          load={async (signal) =>
            (
              await listRail({ ...leaf.params, ordering: '-date_created' }, signal, {
                size: RAIL_SIZE + 1,
              })
            )
              .filter((p) => p.id !== product.id)
              .slice(0, RAIL_SIZE)
          }
        />
      )}
    </>
  );
}
