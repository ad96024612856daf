import { Link } from 'react-router';
import { Price } from '@/components/ui/price';
import { formatDateTime } from '@/lib/dates';
import type { Order } from '../api/orders';
import { OrderStatus } from '@/components/order-status';
import { formatOrderId } from '@/lib/order-id';

/** An order in the list: the whole card opens it; `action` (delete) sits outside the link. */
export function OrderCard({ order, action }: { order: Order; action?: React.ReactNode }) {
  const count = order.items.reduce((sum, item) => sum + item.quantity, 0);
  return (
    <li className="relative flex flex-wrap items-center gap-x-4 gap-y-2 rounded-card bg-white p-4 shadow-card">
      <div className="min-w-0 flex-1 basis-52 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <Link
            to={`/order/${order.id}`}
            className="font-semibold after:absolute after:inset-0 hover:text-brand-700"
          >
            Order {formatOrderId(order.id)}
          </Link>
          <OrderStatus status={order.status} />
        </div>
        <p className="text-sm text-muted">
          {formatDateTime(order.created_at)} · {count === 1 ? '1 item' : `${String(count)} items`}
        </p>
      </div>
      <Price amount={order.amount} className="text-lg" />
      {action && <div className="relative z-10">{action}</div>}
    </li>
  );
}
