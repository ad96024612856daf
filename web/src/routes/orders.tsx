import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { LoadError } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Loading } from '@/components/ui/loading';
import { PageHeading } from '@/components/ui/page-heading';
import { ListSkeleton } from '@/components/ui/skeleton';
import { deleteOrder, ordersQueryKey, useOrders, type Order } from '@/features/orders/api/orders';
import { OrderCard } from '@/features/orders/components/order-card';
import { formatOrderId } from '@/lib/order-id';
import { ApiError } from '@/lib/api/client';
import { useDocumentTitle } from '@/lib/use-document-title';

export const ORDERS_FAILED = 'Failed to load orders. Please try again.';

/** A message another page leaves for this one (the payment page's 'Payment verified…'). */
export interface OrdersNotice {
  notice?: string;
}

/** My Orders (spec §2 'Orders list'): the page heading is 'Order Management'. */
export default function OrdersPage() {
  useDocumentTitle('My Orders');
  const { data: orders, isPending, isError, refetch } = useOrders();
  const notice = (useLocation().state as OrdersNotice | null)?.notice;
  const [toDelete, setToDelete] = useState<Order | null>(null);
  const [deleteError, setDeleteError] = useState('');

  let content;
  if (isPending) {
    content = (
      <Loading>
        <ListSkeleton />
      </Loading>
    );
  } else if (isError) {
    content = <LoadError text={ORDERS_FAILED} onRetry={() => void refetch()} />;
  } else if (orders.length === 0) {
    content = (
      <p className="rounded-card bg-white p-6 text-center shadow-card">
        No orders found.{' '}
        <Link to="/products" className="font-semibold text-brand-700 underline underline-offset-4">
          Start shopping
        </Link>
      </p>
    );
  } else {
    content = (
      <ul aria-label="Your orders" className="space-y-3">
        {orders.map((order) => (
          <OrderCard
            key={order.id}
            order={order}
            action={
              // Only a pending order can be deleted (contract §2.4).
              order.status === 'pending' && (
                <Button
                  variant="secondary"
                  aria-label={`Delete order ${formatOrderId(order.id)}`}
                  onClick={() => {
                    setDeleteError('');
                    setToDelete(order);
                  }}
                >
                  Delete
                </Button>
              )
            }
          />
        ))}
      </ul>
    );
  }

  return (
    <>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <PageHeading>Order Management</PageHeading>
        <ButtonLink to="/products" className="-mt-6">
          New Order
        </ButtonLink>
      </div>
      {notice && (
        <p
          role="status"
          className="mb-4 rounded-control bg-brand-50 p-3 font-semibold text-brand-800"
        >
          {notice}
        </p>
      )}
      {deleteError && (
        <p role="alert" className="mb-4 text-danger-700">
          {deleteError}
        </p>
      )}
      {content}
      {toDelete && (
        <ConfirmDelete
          order={toDelete}
          onDone={(error) => {
            setToDelete(null);
            setDeleteError(error);
          }}
        />
      )}
    </>
  );
}

/** Asks before cancelling: the order's stock goes back on sale and it leaves the list. */
function ConfirmDelete({ order, onDone }: { order: Order; onDone: (error: string) => void }) {
  const headingId = useId();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      await deleteOrder(order.id);
      client.setQueryData<readonly Order[]>(ordersQueryKey, (list) =>
        list?.filter((o) => o.id !== order.id),
      );
      onDone('');
    } catch (e) {
      const message = e instanceof ApiError || e instanceof Error ? e.message : String(e);
      onDone(`Failed to delete order: ${message}`);
      void client.invalidateQueries({ queryKey: ordersQueryKey });
    }
  }

  return (
    <Dialog
      labelledBy={headingId}
      onClose={() => {
        if (!busy) onDone('');
      }}
    >
      <h2 id={headingId} className="pr-10 text-xl font-bold">
        Delete order {formatOrderId(order.id)}?
      </h2>
      <p className="my-4">
        The order is cancelled and removed from your list. This cannot be undone.
      </p>
      <div className="flex flex-wrap justify-end gap-3">
        <Button
          variant="secondary"
          onClick={() => {
            onDone('');
          }}
          disabled={busy}
        >
          Keep Order
        </Button>
        <Button aria-disabled={busy} onClick={() => void (busy ? undefined : confirm())}>
          {busy ? 'Deleting…' : 'Delete Order'}
        </Button>
      </div>
    </Dialog>
  );
}
