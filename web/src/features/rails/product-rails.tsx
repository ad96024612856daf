import { ProductRail } from './product-rail';
import { boughtTogether } from './rail-sources';

/**
 * Below a product's details: "Frequently bought together", from paid orders (ADR 0022). It loads
 * when scrolled near and hides itself when nothing was. (Related products are the details' own
 * section, spec §2.)
 */
export default function ProductRails({ product }: { product: { id: number } }) {
  return (
    <ProductRail
      title="Frequently bought together"
      queryKey={['bought-together', product.id]}
      load={(signal) => boughtTogether(product.id, signal)}
    />
  );
}
