import { LineOptions, type OrderLineOptions } from '@/components/line-options';
import { Link } from 'react-router';
import { OrderStatus } from '@/components/order-status';
import { Price } from '@/components/ui/price';
import { Thumbnail } from '@/components/ui/thumbnail';
import { formatDateTime } from '@/lib/dates';
import { formatDay, formatDayRange } from '@/lib/delivery-dates';
import { formatPrice } from '@/lib/money';
import type { Order } from '../api/orders';

type Item = Order['items'][number];
type Part = NonNullable<Order['fulfilment']>[number];
type Delivery = NonNullable<Part['delivery']>;

/** Lines of products without a store (none in the demo) are the mall's own. */
const NO_STORE = 'Dwa';

/** Statuses in which stores fulfil their parts; before payment a part is just the order. */
const FULFILLING: readonly Order['status'][] = ['processing', 'shipped', 'delivered'];

/**
 * The order's lines, grouped by the store that ships them (decision 0011): each store's part with
 * its own status, tracking note and times, since stores ship separately and the order as a whole
 * stays 'Processing' until every part has shipped. Before payment (and once cancelled) a part's
 * status is the order's, so it is not repeated.
 */
export function OrderParts({ order }: { order: Order }) {
  const parts = order.fulfilment ?? [];
  if (parts.length === 0) return <ItemList items={order.items} />;
  const byId = new Map(order.items.map((item) => [item.id, item]));
  const fulfilling = FULFILLING.includes(order.status);
  return (
    <div className="space-y-5">
      {parts.map((part) => {
        const name = part.store?.name ?? NO_STORE;
        const items = part.item_ids.flatMap((id) => byId.get(id) ?? []);
        return (
          <section
            key={part.store?.id ?? 0}
            aria-label={`From ${name}`}
            className="rounded-control border border-line p-3"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="font-bold break-words">From {name}</h3>
              {fulfilling && <OrderStatus status={part.status} />}
            </div>
            {part.delivery && <PartDelivery delivery={part.delivery} store={name} />}
            <PartProgress part={part} />
            <ItemList items={items} />
          </section>
        );
      })}
    </div>
  );
}

/**
 * The part's delivery promise (DELIVERY.md): when it arrives at the door, or from when it waits at
 * the pickup station (with its address and hours) or at the `store`'s own shop; and what delivery
 * cost.
 */
function PartDelivery({ delivery, store }: { delivery: Delivery; store: string }) {
  const { from, to, pickup_point: point } = delivery;
  const fee = delivery.fee === 0 ? 'Free delivery' : `Delivery ${formatPrice(delivery.fee)}`;
  const promise =
    delivery.method === 'door'
      ? `Arrives ${delivery.same_day ? 'today' : formatDayRange(from, to)}`
      : `Ready for pickup at ${point?.name ?? `${store}'s shop`} from ${formatDay(from)}`;
  return (
    <div className="mt-2 rounded-control bg-brand-50 px-3 py-2 break-words">
      <p className="font-semibold">{promise}</p>
      {point && (
        <p className="text-sm">
          {point.address}, {point.city}, {point.region_name} Region
          {point.hours && <span className="block">Open {point.hours}</span>}
        </p>
      )}
      <p className="text-sm text-muted">{fee}</p>
    </div>
  );
}

function PartProgress({ part }: { part: Part }) {
  const due = part.due_on_delivery ?? null;
  return (
    <>
      {due !== null && (
        <p className="mt-2 rounded-control bg-gold-100 px-3 py-2 font-semibold">
          Pay on delivery: <span className="whitespace-nowrap">{formatPrice(due)}</span> due to the
          rider
        </p>
      )}
      {part.cancelled_at && (
        <p role="note" className="mt-2 rounded-control bg-danger-50 px-3 py-2 break-words">
          <span className="font-semibold">Cancelled by the store</span> on{' '}
          {formatDateTime(part.cancelled_at)}: {part.cancel_reason}. You pay nothing for these
          items.
        </p>
      )}
      {(part.shipped_at ?? part.delivered_at ?? part.tracking_note) && (
        <dl className="mt-2 space-y-1 text-sm">
          {part.shipped_at && <Step term="Shipped">{formatDateTime(part.shipped_at)}</Step>}
          {part.tracking_note && <Step term="Tracking">{part.tracking_note}</Step>}
          {part.paid_on_delivery_at && (
            <Step term="Paid on delivery">{formatDateTime(part.paid_on_delivery_at)}</Step>
          )}
          {part.delivered_at && <Step term="Delivered">{formatDateTime(part.delivered_at)}</Step>}
        </dl>
      )}
    </>
  );
}

/** One line of a part's progress; a long tracking note wraps inside the card. */
function Step({ term, children }: { term: string; children: string }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="text-muted">{term}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

function ItemList({ items }: { items: Item[] }) {
  return (
    <ul className="divide-y divide-line">
      {items.map((item) => (
        <li key={item.id} className="flex gap-3 py-3">
          <Thumbnail src={item.product.images[0]?.image} className="size-16" />
          <div className="min-w-0 flex-1">
            <Link
              to={`/store/products/${String(item.product.id)}`}
              className="font-semibold break-words hover:text-brand-700"
            >
              {item.name}
            </Link>
            <LineOptions options={(item as OrderLineOptions).options} />
            {/* Under the name, so that on a phone the name keeps the card's width. */}
            <p className="flex flex-wrap justify-between gap-x-3">
              <span className="text-sm text-muted">
                {item.quantity} × <Price amount={item.unit_price} className="font-normal" />
              </span>
              <Price amount={item.total_price} />
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
