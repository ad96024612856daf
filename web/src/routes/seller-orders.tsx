import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeading } from '@/components/ui/page-heading';
import { ORDERS_PAGE_SIZE, useSellerOrders } from '@/features/seller/api/orders';
import type { SellerOrderStatus } from '@/features/seller/api/types';
import { Loaded } from '@/components/backoffice/loaded';
import { Pager } from '@/components/backoffice/pager';
import { SellerOrderCard } from '@/features/seller/components/seller-order-card';
import { cx } from '@/lib/cx';
import { useDocumentTitle } from '@/lib/use-document-title';

export const SELLER_ORDERS_FAILED = 'Failed to load your orders. Please try again.';

const TABS: readonly { status: SellerOrderStatus | undefined; label: string }[] = [
  { status: undefined, label: 'All' },
  { status: 'processing', label: 'To ship' },
  { status: 'shipped', label: 'Shipped' },
  { status: 'delivered', label: 'Delivered' },
];

function readStatus(value: string | null): SellerOrderStatus | undefined {
  return TABS.find((t) => t.status === value)?.status;
}

/** Seller Centre: paid orders with this store's lines, by status, and their shipping steps. */
export default function SellerOrdersPage() {
  useDocumentTitle('Store orders');
  const [params, setParams] = useSearchParams();
  const status = readStatus(params.get('status'));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useSellerOrders(status, page);
  const [notice, setNotice] = useState('');

  return (
    <>
      <PageHeading>Orders</PageHeading>
      <nav aria-label="Order status" className="mb-4">
        <ul className="flex flex-wrap gap-2">
          {TABS.map((tab) => {
            const current = tab.status === status;
            return (
              <li key={tab.label}>
                <Link
                  to={tab.status ? `?status=${tab.status}` : '.'}
                  aria-current={current ? 'page' : undefined}
                  onClick={() => {
                    setNotice('');
                  }}
                  className={cx(
                    'inline-flex min-h-tap items-center rounded-pill px-4 font-semibold',
                    current
                      ? 'bg-brand-700 text-white'
                      : 'bg-white text-brand-800 ring-1 ring-brand-200 ring-inset hover:bg-brand-50',
                  )}
                >
                  {tab.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <p role="status" className="mb-4 font-semibold text-brand-700 empty:hidden">
        {notice}
      </p>
      <Loaded query={query} failed={SELLER_ORDERS_FAILED}>
        {(data) =>
          data.results.length === 0 ? (
            <p className="rounded-card bg-white p-6 text-center shadow-card">
              {status ? 'No orders with this status.' : 'No orders yet.'}
            </p>
          ) : (
            <>
              <ul aria-label="Orders" aria-busy={query.isPlaceholderData} className="space-y-4">
                {data.results.map((order) => (
                  <SellerOrderCard key={order.id} order={order} onChanged={setNotice} />
                ))}
              </ul>
              <Pager
                page={page}
                data={data}
                pageSize={ORDERS_PAGE_SIZE}
                onPage={(p) => {
                  const next = new URLSearchParams(params);
                  next.set('page', String(p));
                  setParams(next);
                }}
              />
            </>
          )
        }
      </Loaded>
    </>
  );
}
