import { Price } from '@/components/ui/price';
import { formatDateTime } from '@/lib/dates';
import { useOrderRefunds, type Refund } from '@/features/orders/api/orders';

/** What each refund state means to the shopper. */
const REFUND_STATES: Record<Refund['status'], string> = {
  requested: 'Being sent',
  pending: 'On its way',
  processing: 'On its way',
  processed: 'Refunded',
  failed: 'Not completed — we will contact you',
};

/**
 * The refunds of a paid order: amount, where each stands and when. Nothing is shown while
 * there are none (or they cannot be read: the order itself is what the page is about).
 */
export function OrderRefunds({ orderId }: { orderId: string }) {
  const query = useOrderRefunds(orderId);
  const refunds = query.data ?? [];
  if (refunds.length === 0) return null;
  return (
    <section aria-labelledby="order-refunds">
      <h2 id="order-refunds" className="mb-2 text-lg font-bold">
        Refunds
      </h2>
      <ul className="space-y-2">
        {refunds.map((r) => (
          <li key={r.id} className="rounded-control bg-brand-50 p-3">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3">
              <Price amount={r.amount} className="font-semibold" />
              <span className="font-semibold">{REFUND_STATES[r.status]}</span>
            </div>
            <p className="text-sm text-muted">
              {r.processed_at
                ? `Refunded ${formatDateTime(r.processed_at)}`
                : `Asked ${formatDateTime(r.created_at)}`}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
