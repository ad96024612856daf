import { useState } from 'react';
import { Loaded } from '@/components/backoffice/loaded';
import { accountLine, PayoutStatusBadge } from '@/components/backoffice/payout-status';
import { formatDateTime } from '@/lib/dates';
import { formatPesewas } from '@/lib/money';
import {
  LEDGER_PAGE_SIZE,
  PAYOUTS_PAGE_SIZE,
  useSellerLedger,
  useSellerPayouts,
  type LedgerEntry,
} from '../api/payouts';
import { Pager } from '@/components/backoffice/pager';

export const PAYOUTS_FAILED = 'Failed to load your payouts. Please try again.';
export const LEDGER_FAILED = 'Failed to load your balance history. Please try again.';

/** The store's payouts, newest first, with where each went and how it ended. */
export function PayoutList() {
  const [page, setPage] = useState(1);
  const query = useSellerPayouts(page);
  return (
    <section aria-labelledby="payouts-heading" className="mt-8">
      <h2 id="payouts-heading" className="mb-3 text-xl font-bold">
        Payouts
      </h2>
      <Loaded query={query} failed={PAYOUTS_FAILED}>
        {(data) =>
          data.results.length === 0 ? (
            <p>No payouts yet.</p>
          ) : (
            <>
              <ul aria-label="Payouts" aria-busy={query.isPlaceholderData} className="space-y-3">
                {data.results.map((p) => (
                  <li key={p.id} className="rounded-card bg-white p-4 shadow-card">
                    <p className="flex flex-wrap items-center justify-between gap-2">
                      <span className="text-lg font-bold tabular-nums">
                        {formatPesewas(p.amount_minor)}
                      </span>
                      <PayoutStatusBadge status={p.status} />
                    </p>
                    <p className="text-sm break-words text-muted">{accountLine(p)}</p>
                    <p className="text-sm text-muted">
                      {p.trigger === 'schedule' ? 'Weekly payout' : 'Requested'}{' '}
                      {formatDateTime(p.created_at)}
                      {p.completed_at && p.status === 'paid' && (
                        <> · paid {formatDateTime(p.completed_at)}</>
                      )}
                    </p>
                    {(p.status === 'failed' || p.status === 'reversed') && (
                      <p className="text-sm break-words">
                        {p.failure_reason ? `${p.failure_reason} ` : ''}The money is back in your
                        available balance.
                      </p>
                    )}
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

/** What a ledger line is, in plain words. */
export const LEDGER_KIND: Record<LedgerEntry['kind'], string> = {
  sale: 'Sale',
  delivery_fee: 'Delivery fee',
  commission: 'Dwa commission',
  refund: 'Refund to the buyer',
  commission_refund: 'Commission returned',
  cod_commission: 'Commission on pay on delivery',
  release: 'Holding period over',
  payout: 'Payout sent',
  payout_paid: 'Payout confirmed',
  payout_returned: 'Payout returned',
  adjustment: 'Adjustment by Dwa',
};

const BUCKET: Record<LedgerEntry['bucket'], string> = {
  pending: 'Pending',
  available: 'Available',
  in_flight: 'In progress',
  paid_out: 'Paid out',
};

/** '+GH₵ 12.50' or '−GH₵ 3.00' (a true minus sign: it reads as one). */
function signed(pesewas: number): string {
  return pesewas < 0 ? `\u2212${formatPesewas(-pesewas)}` : `+${formatPesewas(pesewas)}`;
}

/** The store's ledger lines, newest first: every movement of its balances, with its order. */
export function LedgerList() {
  const [page, setPage] = useState(1);
  const query = useSellerLedger(page);
  return (
    <section aria-labelledby="ledger-heading" className="mt-8">
      <h2 id="ledger-heading" className="mb-3 text-xl font-bold">
        Balance history
      </h2>
      <Loaded query={query} failed={LEDGER_FAILED}>
        {(data) =>
          data.results.length === 0 ? (
            <p>Nothing yet: your sales show here once they are paid.</p>
          ) : (
            <>
              <ul
                aria-label="Balance history"
                aria-busy={query.isPlaceholderData}
                className="divide-y divide-line rounded-card bg-white px-4 shadow-card"
              >
                {data.results.map((line) => (
                  <li
                    key={line.id}
                    className="flex flex-wrap items-start justify-between gap-x-3 py-3"
                  >
                    <div className="min-w-0 flex-1 basis-48">
                      <p className="font-semibold">
                        {LEDGER_KIND[line.kind]}
                        {line.order_ref && (
                          <span className="ml-2 font-mono text-sm font-normal">
                            order {line.order_ref}
                          </span>
                        )}
                      </p>
                      <p className="text-sm break-words text-muted">
                        {formatDateTime(line.created_at)} · {BUCKET[line.bucket]}
                        {line.memo && ` · ${line.memo}`}
                      </p>
                    </div>
                    <p
                      className={
                        line.amount_minor < 0
                          ? 'font-bold tabular-nums'
                          : 'font-bold text-brand-700 tabular-nums'
                      }
                    >
                      {signed(line.amount_minor)}
                    </p>
                  </li>
                ))}
              </ul>
              <Pager page={page} data={data} pageSize={LEDGER_PAGE_SIZE} onPage={setPage} />
            </>
          )
        }
      </Loaded>
    </section>
  );
}
