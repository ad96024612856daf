import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { useDashboard } from '@/features/seller/api/dashboard';
import type { Dashboard } from '@/features/seller/api/types';
import { DayChart } from '@/components/backoffice/day-chart';
import { Loaded } from '@/components/backoffice/loaded';
import { formatPesewas } from '@/lib/money';
import { cx } from '@/lib/cx';
import { useDocumentTitle } from '@/lib/use-document-title';

export const DASHBOARD_FAILED = 'Failed to load the dashboard. Please try again.';

const linkClass = 'font-semibold text-brand-700 underline underline-offset-4';
const count = (n: number) => n.toLocaleString('en-GB');

/** Seller Centre home: today's and the week's figures, 30 days of revenue and views, low stock. */
export default function SellerDashboardPage() {
  useDocumentTitle('Seller Centre');
  const query = useDashboard();
  return (
    <Loaded
      title="Dashboard"
      query={query}
      failed={DASHBOARD_FAILED}
      skeleton={
        <div aria-hidden="true" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-24 rounded-card" />
          ))}
        </div>
      }
    >
      {(data) => <DashboardView data={data} />}
    </Loaded>
  );
}

function DashboardView({ data }: { data: Dashboard }) {
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Stat term="Orders today">{count(data.orders_today)}</Stat>
        <Stat term="Orders this week">{count(data.orders_week)}</Stat>
        {/* A whole row on a phone: half of one is narrower than a price of GH₵ 10,000. */}
        <Stat term="Revenue this week" className="col-span-2 lg:col-span-1">
          {formatPesewas(data.revenue_week)}
        </Stat>
        <Stat
          term="Unread messages"
          extra={
            <Link to="/messages" className={linkClass}>
              Open messages
            </Link>
          }
        >
          {count(data.unread_messages)}
        </Stat>
      </dl>
      <div className="grid gap-4 md:grid-cols-2">
        <DayChart
          title="Revenue per day"
          unit="Revenue"
          total="Total"
          kind="bars"
          format={formatPesewas}
          points={data.revenue_by_day.map((d) => ({ date: d.date, value: d.amount }))}
        />
        <DayChart
          title="Product views per day"
          unit="Views"
          total="Views in all:"
          kind="line"
          format={count}
          points={data.views_by_day.map((d) => ({ date: d.date, value: d.views }))}
        />
      </div>
      <section aria-labelledby="low-stock" className="rounded-card bg-white p-4 shadow-card">
        <h2 id="low-stock" className="mb-2 text-lg font-bold">
          Low stock
        </h2>
        {data.low_stock.length === 0 ? (
          <p className="text-muted">No product is running low.</p>
        ) : (
          <ul className="divide-y divide-line">
            {data.low_stock.map((p) => (
              <li key={p.id} className="flex items-center justify-between gap-3 py-1">
                <Link
                  to={`/seller/products/${String(p.id)}`}
                  className="inline-flex min-h-tap min-w-0 items-center font-semibold break-words hover:text-brand-700"
                >
                  {p.name}
                </Link>
                <span
                  className={
                    p.inventory === 0
                      ? 'shrink-0 text-sm font-semibold text-danger-700'
                      : 'shrink-0 text-sm text-muted'
                  }
                >
                  {p.inventory === 0 ? 'Out of stock' : `${count(p.inventory)} left`}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function Stat({
  term,
  extra,
  className,
  children,
}: {
  term: string;
  extra?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cx('flex flex-col rounded-card bg-white p-4 shadow-card', className)}>
      <dt className="text-sm text-muted">{term}</dt>
      <dd className="text-2xl font-bold tabular-nums break-words">{children}</dd>
      {extra && <dd className="mt-1 text-sm">{extra}</dd>}
    </div>
  );
}
