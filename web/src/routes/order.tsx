import { Link, useParams } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import { Price } from '@/components/ui/price';
import { formatDateTime } from '@/lib/dates';
import { Thumbnail } from '@/components/ui/thumbnail';
import type { Order } from '@/features/orders/api/orders';
import { OrderGate } from '@/features/orders/components/order-gate';
import { OrderStatus } from '@/components/order-status';

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
  return (
    <>
      <div className="mb-6 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Order Details</h1>
        <OrderStatus status={order.status} />
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-[1fr_22rem]">
        <section aria-labelledby="order-items" className="rounded-card bg-white p-4 shadow-card">
          <h2 id="order-items" className="mb-3 text-xl font-bold">
            Items
          </h2>
          <ul className="divide-y divide-line">
            {order.items.map((item) => (
              <li key={item.id} className="flex gap-3 py-3">
                <Thumbnail src={item.product.images[0]?.image} className="size-16" />
                <div className="min-w-0 flex-1">
                  <Link
                    to={`/store/products/${String(item.product.id)}`}
                    className="font-semibold break-words hover:text-brand-700"
                  >
                    {item.name}
                  </Link>
                  <p className="text-sm text-muted">
                    {item.quantity} × <Price amount={item.unit_price} className="font-normal" />
                  </p>
                </div>
                <Price amount={item.total_price} />
              </li>
            ))}
          </ul>
        </section>
        <section
          aria-label="Order summary"
          className="space-y-4 rounded-card bg-white p-4 shadow-card sm:p-6"
        >
          <dl className="space-y-3">
            <Detail term="Order ID">
              <span className="font-mono text-sm break-all">{order.id}</span>
            </Detail>
            <Detail term="Date">{formatDateTime(order.created_at)}</Detail>
            <Detail term="Total Amount">
              <Price amount={order.amount} className="text-lg" />
            </Detail>
            <Detail term="Shipping Address">
              <span className="break-words whitespace-pre-line">{order.shipping_address}</span>
            </Detail>
            <Detail term="Contact Number">{order.contact_info}</Detail>
            {order.paid_at && <Detail term="Paid">{formatDateTime(order.paid_at)}</Detail>}
          </dl>
          {/* Spec §4: pending is the only status that shows Pay Now. */}
          {order.status === 'pending' && (
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
