import { formatPesewas } from '@/lib/money';

/**
 * An order's sums: its items, the delivery (or `pending`, why it is not known yet), and the total
 * the shopper pays (the server's `total` when it has said it) — all in pesewas.
 */
export function OrderTotals({
  count,
  items,
  delivery,
  total = items + (delivery ?? 0),
  pending = 'At checkout',
}: {
  count: number;
  items: number;
  /** null: not quoted yet (says `pending`); undefined: an order without delivery (no row). */
  delivery: number | null | undefined;
  total?: number;
  pending?: string;
}) {
  return (
    <dl className="space-y-2">
      <div className="flex justify-between gap-4">
        <dt>Items ({count})</dt>
        <dd className="font-semibold whitespace-nowrap">{formatPesewas(items)}</dd>
      </div>
      {delivery !== undefined && (
        <div className="flex justify-between gap-4">
          <dt>Delivery</dt>
          {delivery === null ? (
            <dd className="text-right text-muted">{pending}</dd>
          ) : (
            <dd className="font-semibold whitespace-nowrap">
              {delivery === 0 ? 'Free' : formatPesewas(delivery)}
            </dd>
          )}
        </div>
      )}
      <div className="flex justify-between gap-4 border-t border-line pt-2 text-lg">
        <dt className="font-bold">Total</dt>
        <dd className="font-bold whitespace-nowrap">{formatPesewas(total)}</dd>
      </div>
    </dl>
  );
}
