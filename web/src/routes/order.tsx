import { Link, useParams } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import { OFFLINE_PAYMENT, useOnline } from '@/lib/online';
import { toPesewas } from '@/lib/money';
import { OrderTotals } from '@/features/orders/components/order-totals';
import { formatDateTime } from '@/lib/dates';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ordersQueryKey, type Order } from '@/features/orders/api/orders';
import { OrderGate } from '@/features/orders/components/order-gate';
import { OrderParts } from '@/features/orders/components/order-parts';
import { OrderStatus } from '@/components/order-status';
import { formatOrderId } from '@/lib/order-id';
import { PaymentStanding } from '@/features/payment/components/payment-standing';
import { OrderRefunds } from '@/features/orders/components/order-refunds';
import { AddressView } from '@/components/address-view';

/** Order detail (spec §2), reached as /order/{orderId} and /orders/{orderId}. */
export default function OrderPage() {
  return (
    <OrderGate
      orderId={useParams().orderId ?? ''}
      title="Order Details"
      notFoundText="The requested order could not be located"
    >
      {(order) => <OrderView order={order} />}
    </OrderGate>
  );
}

function OrderView({ order }: { order: Order }) {
  const client = useQueryClient();
  // A settled mobile money charge has paid the order (or not): read it again.
  const online = useOnline();
  const reload = useCallback(() => {
    void client.invalidateQueries({ queryKey: ordersQueryKey });
  }, [client]);
  return (
    <>
      <div className="mb-6 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Order Details</h1>
        <OrderStatus status={order.status} />
      </div>
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <section aria-labelledby="order-items" className="rounded-card bg-white p-4 shadow-card">
          <h2 id="order-items" className="mb-3 text-xl font-bold">
            Items
          </h2>
          <OrderParts order={order} />
        </section>
        <section
          aria-label="Order summary"
          className="space-y-4 rounded-card bg-white p-4 shadow-card sm:p-6"
        >
          <OrderTotals
            count={order.items.reduce((sum, item) => sum + item.quantity, 0)}
            items={toPesewas(order.items_amount) ?? 0}
            delivery={
              // An order placed with the free-text address only has no delivery to show.
              order.fulfilment?.some((part) => part.delivery)
                ? (toPesewas(order.delivery_amount) ?? 0)
                : undefined
            }
            total={toPesewas(order.amount) ?? 0}
          />
          <dl className="space-y-3">
            <Detail term="Order ID">
              <span className="font-mono">{formatOrderId(order.id)}</span>
            </Detail>
            <Detail term="Date">{formatDateTime(order.created_at)}</Detail>
            {order.delivery_address ? (
              <Detail term="Delivery Address">
                <AddressView address={order.delivery_address} />
              </Detail>
            ) : (
              <>
                <Detail term="Shipping Address">
                  <span className="break-words whitespace-pre-line">{order.shipping_address}</span>
                </Detail>
                <Detail term="Contact Number">{order.contact_info}</Detail>
              </>
            )}
            {order.paid_at && <Detail term="Paid">{formatDateTime(order.paid_at)}</Detail>}
            {order.payment_method === 'pay_on_delivery' && (
              <Detail term="Payment">Pay on delivery, to each store&apos;s rider</Detail>
            )}
          </dl>
          {order.paid_at && <OrderRefunds orderId={order.id} />}
          {/* Spec §4: pending is the only status that shows Pay Now. */}
          {order.status === 'pending' && <PaymentStanding orderId={order.id} onSettled={reload} />}
          {/* A payment never starts offline: the page (seen before) says why instead. */}
          {order.status === 'pending' && !online && (
            <>
              <p className="font-semibold text-danger-700">{OFFLINE_PAYMENT}</p>
              <Button variant="accent" className="w-full" disabled>
                Pay Now
              </Button>
            </>
          )}
          {order.status === 'pending' && online && (
            <ButtonLink to={`/payment/${order.id}`} variant="accent" className="w-full">
              Pay Now
            </ButtonLink>
          )}
          <Link
            to="/orders"
            className="inline-flex min-h-tap items-center font-semibold text-brand-700 underline underline-offset-4"
          >
            Back to Orders
          </Link>
        </section>
      </div>
    </>
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
