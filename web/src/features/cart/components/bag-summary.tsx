import type { ReactNode } from 'react';
import { toPesewas } from '@/lib/money';
import type { CartItem } from '../api/cart-items';

/** Spec §9: the subtotal sums each line's `total_price`, or its unit price times its quantity. */
export function subtotalPesewas(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => {
    const line =
      toPesewas(item.total_price) ?? (toPesewas(item.product.unit_price) ?? 0) * item.quantity;
    return sum + line;
  }, 0);
}

/** How many pieces the bag holds. */
export function pieceCount(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => sum + item.quantity, 0);
}

/** The order summary's frame; `children` show its sums and act on it (checkout). */
export function BagSummary({ children }: { children: ReactNode }) {
  return (
    <section
      aria-labelledby="bag-summary"
      className="space-y-4 rounded-card bg-white p-4 shadow-card sm:p-6"
    >
      <h2 id="bag-summary" className="text-xl font-bold">
        Order Summary
      </h2>
      {children}
    </section>
  );
}
