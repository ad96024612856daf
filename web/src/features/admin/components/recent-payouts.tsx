import { useState } from 'react';
import { Loaded } from '@/components/backoffice/loaded';
import { Pager } from '@/components/backoffice/pager';
import { accountLine, PayoutStatusBadge } from '@/components/backoffice/payout-status';
import { formatDateTime } from '@/lib/dates';
import { formatPesewas } from '@/lib/money';
import { PAYOUTS_PAGE_SIZE, useAllPayouts } from '../api/payouts';

export const PAYOUTS_FAILED = 'Failed to load the payouts. Please try again.';

/** Every store's payouts, newest first, with their state. */
export function RecentPayouts() {
  const [page, setPage] = useState(1);
  const query = useAllPayouts(page);
  return (
    <section aria-labelledby="recent-payouts-heading" className="mt-8">
      <h2 id="recent-payouts-heading" className="mb-3 text-xl font-bold">
        Recent payouts
      </h2>
      <Loaded query={query} failed={PAYOUTS_FAILED}>
        {(data) =>
          data.results.length === 0 ? (
            <p>No payouts yet.</p>
          ) : (
            <>
              <ul
                aria-label="Recent payouts"
                aria-busy={query.isPlaceholderData}
                className="space-y-3"
              >
                {data.results.map((p) => (
                  <li key={p.id} className="rounded-card bg-white p-4 shadow-card">
                    <p className="flex flex-wrap items-center justify-between gap-2">
                      <span className="font-semibold break-words">{p.store_name}</span>
                      <PayoutStatusBadge status={p.status} />
                    </p>
                    <p className="text-lg font-bold tabular-nums">
                      {formatPesewas(p.amount_minor)}
                    </p>
                    <p className="text-sm break-words text-muted">{accountLine(p)}</p>
                    <p className="text-sm text-muted">
                      {p.trigger === 'schedule' ? 'Weekly payout' : 'Requested'}{' '}
                      {formatDateTime(p.created_at)} ·{' '}
                      <span className="break-all">{p.reference}</span>
                    </p>
                    {p.failure_reason && <p className="text-sm break-words">{p.failure_reason}</p>}
                  </li>
                ))}
              </ul>
              <Pager page={page} data={data} pageSize={PAYOUTS_PAGE_SIZE} onPage={setPage} />
            </>
          )
        }
      </Loaded>
    </section>
  );
}
