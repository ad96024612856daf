import type { ReactNode } from 'react';
import { formatPesewas, toPesewas } from '@/lib/money';
import type { CartItem } from '../api/cart-items';

/** Spec §9: the subtotal sums each line's `total_price`, or its unit price times its quantity. */
export function subtotalPesewas(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => {
    const line =
      toPesewas(item.total_price) ?? (toPesewas(item.product.unit_price) ?? 0) * item.quantity;
    return sum + line;
  }, 0);
}

/** The order summary: items, subtotal, shipping FREE, total = subtotal; `children` act on it. */
export function BagSummary({
  items,
  children,
}: {
  items: readonly CartItem[];
  children?: ReactNode;
}) {
  const subtotal = formatPesewas(subtotalPesewas(items));
  const count = items.reduce((sum, item) => sum + item.quantity, 0);
  return (
    <section
      aria-labelledby="bag-summary"
      className="space-y-4 rounded-card bg-white p-4 shadow-card sm:p-6"
    >
      <h2 id="bag-summary" className="text-xl font-bold">
        Order Summary
      </h2>
      <dl className="space-y-2">
        <div className="flex justify-between gap-4">
          <dt>Subtotal ({count === 1 ? '1 item' : `${String(count)} items`})</dt>
          <dd className="font-semibold">{subtotal}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt>Shipping</dt>
          <dd className="font-semibold text-brand-700">FREE</dd>
        </div>
        <div className="flex justify-between gap-4 border-t border-line pt-2 text-lg">
          <dt className="font-bold">Total</dt>
          <dd className="font-bold">{subtotal}</dd>
        </div>
      </dl>
      {children}
    </section>
  );
}
