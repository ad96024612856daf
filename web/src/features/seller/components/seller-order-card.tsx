import { LineOptions, type OrderLineOptions } from '@/components/line-options';
import { AddressView } from '@/components/address-view';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Price } from '@/components/ui/price';
import { OrderStatus } from '@/components/order-status';
import { formatOrderId } from '@/lib/order-id';
import { problemText } from '@/lib/api/problem';
import { formatDateTime } from '@/lib/dates';
import { formatPrice } from '@/lib/money';
import { deliverOrder, sellerOrdersQueryKey, shipOrder } from '../api/orders';
import { useSellerStore } from '../api/store';
import { OrderNoteDialog } from './order-note-dialog';
import { LateFlag, PartDeliveryText } from './part-delivery';
import { PayOnDeliveryActions, StoreRefundForm } from './seller-order-actions';
import type { SellerOrder, SellerOrderPage } from '../api/types';

export const SHIP_FAILED = 'Failed to mark the order shipped.';
export const DELIVER_FAILED = 'Failed to mark the order delivered.';
export const TRACKING_MAX = 500;

/** Puts the server's new copy of an order into every cached page, then re-reads them. */
function useOrderChanged() {
  const client = useQueryClient();
  return (order: SellerOrder) => {
    client.setQueriesData<SellerOrderPage>({ queryKey: sellerOrdersQueryKey }, (page) =>
      page ? { ...page, results: page.results.map((o) => (o.id === order.id ? order : o)) } : page,
    );
    void client.invalidateQueries({ queryKey: sellerOrdersQueryKey });
  };
}

/**
 * One order as the store sees it: where it goes and a number to call (nothing else about the
 * buyer), this store's lines and total, the next step (Mark shipped with an optional tracking
 * note, then Mark delivered) and its history.
 * `onChanged` hears of a step taken, for the page's notice.
 */
export function SellerOrderCard({
  order,
  onChanged,
}: {
  order: SellerOrder;
  onChanged: (message: string) => void;
}) {
  const headingId = useId();
  const changed = useOrderChanged();
  const store = useSellerStore();
  const cod = order.payment_method === 'pay_on_delivery';
  const [shipping, setShipping] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const short = formatOrderId(order.id);

  async function deliver() {
    setBusy(true);
    setError('');
    try {
      const saved = await deliverOrder(order.id);
      changed(saved);
      onChanged(`Order ${short} marked delivered.`);
    } catch (e) {
      const why = problemText(e);
      setError(why ? `${DELIVER_FAILED} ${why}` : DELIVER_FAILED);
    } finally {
      setBusy(false);
    }
  }

  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="space-y-4 rounded-card bg-white p-4 shadow-card sm:p-6"
      >
        <header className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h2 id={headingId} className="text-lg font-bold">
            Order {short}
          </h2>
          <OrderStatus status={order.status} />
          {order.delivery?.late && <LateFlag to={order.delivery.to} />}
          <p className="w-full text-sm text-muted">
            Placed {formatDateTime(order.created_at)}
            {order.paid_at && ` · paid ${formatDateTime(order.paid_at)}`}
          </p>
        </header>
        <dl className="grid gap-3 sm:grid-cols-2">
          {order.delivery_address ? (
            <Detail term="Delivery address">
              <AddressView address={order.delivery_address} />
            </Detail>
          ) : (
            <>
              <Detail term="Shipping address">
                <span className="break-words whitespace-pre-line">{order.shipping_address}</span>
              </Detail>
              <Detail term="Contact number">
                <a
                  href={`tel:${order.contact_info.replace(/[^\d+]/g, '')}`}
                  className="text-brand-700 underline underline-offset-4"
                >
                  {order.contact_info}
                </a>
              </Detail>
            </>
          )}
          {order.delivery && (
            <Detail term="Delivery">
              <PartDeliveryText delivery={order.delivery} />
            </Detail>
          )}
          {order.tracking_note && <Detail term="Tracking note">{order.tracking_note}</Detail>}
        </dl>
        <div>
          <h3 className="sr-only">Items</h3>
          <ul className="divide-y divide-line border-y border-line">
            {order.items.map((item) => (
              <li key={item.id} className="flex flex-wrap items-baseline gap-x-3 py-2">
                <span className="min-w-0 flex-1 basis-48 font-semibold break-words">
                  {item.name}
                  <LineOptions options={(item as OrderLineOptions).options} />
                </span>
                <span className="text-sm text-muted">
                  {item.quantity} × <Price amount={item.unit_price} className="font-normal" />
                </span>
                <span className="ml-auto font-bold">{formatPrice(item.total_price)}</span>
              </li>
            ))}
          </ul>
          <p className="mt-2 flex justify-between gap-3 font-semibold">
            <span>Your total</span>
            <span className="text-lg font-bold">{formatPrice(order.amount)}</span>
          </p>
        </div>
        {error && (
          <p role="alert" className="text-danger-700">
            {error}
          </p>
        )}
        {order.status === 'processing' && (
          <Button
            onClick={() => {
              setError('');
              setShipping(true);
            }}
            aria-label={`Mark shipped: order ${short}`}
          >
            Mark shipped
          </Button>
        )}
        {cod && (
          <PayOnDeliveryActions
            order={order}
            changed={(saved, message) => {
              changed(saved);
              onChanged(message);
            }}
          />
        )}
        {order.status === 'shipped' && !cod && (
          <Button
            aria-disabled={busy}
            aria-label={`Mark delivered: order ${short}`}
            onClick={() => void (busy ? undefined : deliver())}
          >
            {busy ? 'Saving…' : 'Mark delivered'}
          </Button>
        )}
        {store.data?.can_refund && order.paid_at && <StoreRefundForm order={order} />}
        {order.events.length > 0 && (
          <details>
            <summary className="inline-flex min-h-tap cursor-pointer items-center font-semibold text-brand-700">
              History ({order.events.length})
            </summary>
            <ol className="space-y-2 border-l-2 border-brand-200 pl-4">
              {order.events.map((event, i) => (
                <li key={`${event.at}-${String(i)}`}>
                  <p className="font-semibold">
                    {(event.status.charAt(0).toUpperCase() + event.status.slice(1)).replace(
                      /_/g,
                      ' ',
                    )}
                    <span className="font-normal text-muted">
                      {' '}
                      · {formatDateTime(event.at)}
                      {event.actor && ` · by ${event.actor}`}
                    </span>
                  </p>
                  {event.note && <p className="text-sm break-words">{event.note}</p>}
                </li>
              ))}
            </ol>
          </details>
        )}
      </article>
      {shipping && (
        <OrderNoteDialog
          title={`Mark order ${short} shipped`}
          label="Tracking note (optional)"
          hint="The courier and tracking number, for the buyer."
          maxLength={TRACKING_MAX}
          submit="Mark shipped"
          keep="Cancel"
          failed={SHIP_FAILED}
          save={(note) => shipOrder(order.id, note)}
          onDone={(saved) => {
            setShipping(false);
            if (saved) {
              changed(saved);
              onChanged(`Order ${short} marked shipped.`);
            }
          }}
        />
      )}
    </li>
  );
}

function Detail({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-muted">{term}</dt>
      <dd className="font-semibold">{children}</dd>
    </div>
  );
}
