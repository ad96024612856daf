import type { ReactNode } from 'react';
import { LoadError } from '@/components/ui/alert';
import { ButtonLink } from '@/components/ui/button';
import { Loading } from '@/components/ui/loading';
import { PageHeading } from '@/components/ui/page-heading';
import { DetailSkeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api/client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useOrder, type Order } from '../api/orders';

export const ORDER_FAILED = 'Failed to load order details. Please try again later.';

/**
 * One of the shopper's orders, for a page about it (spec §2 order detail and payment): a
 * skeleton while it loads, 'Order Not Found' with the page's own text, the load-failure text
 * with a retry, or `children` with the order.
 */
export function OrderGate({
  orderId,
  title,
  notFoundText,
  children,
}: {
  orderId: string;
  title: string;
  notFoundText: string;
  children: (order: Order) => ReactNode;
}) {
  const { data: order, isPending, error, refetch } = useOrder(orderId);
  const notFound = error instanceof ApiError && error.status === 404;
  useDocumentTitle(notFound ? 'Order Not Found' : title);

  if (isPending) {
    return (
      <Loading>
        <DetailSkeleton />
      </Loading>
    );
  }
  if (notFound) {
    return (
      <div className="rounded-card bg-white p-6 text-center shadow-card">
        <PageHeading>Order Not Found</PageHeading>
        <p className="mb-6">{notFoundText}</p>
        <ButtonLink to="/orders">Back to Orders</ButtonLink>
      </div>
    );
  }
  if (error) return <LoadError text={ORDER_FAILED} onRetry={() => void refetch()} />;
  return children(order);
}
