import { useState, type SubmitEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field, FormMessages } from '@/components/ui/field';
import { Loaded } from '@/components/backoffice/loaded';
import { useAction } from '@/components/backoffice/use-action';
import { formatDateTime } from '@/lib/dates';
import { formatPesewas } from '@/lib/money';
import {
  adminPayoutsQueryKey,
  BALANCES_PAGE_SIZE,
  holdPayouts,
  releasePayouts,
  useStoreBalances,
  type StoreBalance,
} from '../api/payouts';
import { Pager } from '@/components/backoffice/pager';
import { AdjustBalanceForm } from './adjust-balance';

export const BALANCES_FAILED = "Failed to load the stores' balances. Please try again.";

/**
 * Every store's balances, whether its payouts are held (and why), the hold or release, and a
 * staff credit or debit of the available balance.
 */
export function StoreBalances() {
  const [page, setPage] = useState(1);
  const query = useStoreBalances(page);
  return (
    <section aria-labelledby="balances-heading">
      <h2 id="balances-heading" className="mb-3 text-xl font-bold">
        Store balances
      </h2>
      <Loaded query={query} failed={BALANCES_FAILED}>
        {(data) =>
          data.results.length === 0 ? (
            <p>No store has earned anything yet.</p>
          ) : (
            <>
              <ul
                aria-label="Store balances"
                aria-busy={query.isPlaceholderData}
                className="space-y-3"
              >
                {data.results.map((b) => (
                  <BalanceCard key={b.store} balance={b} />
                ))}
              </ul>
              <Pager page={page} data={data} pageSize={BALANCES_PAGE_SIZE} onPage={setPage} />
            </>
          )
        }
      </Loaded>
    </section>
  );
}

function BalanceCard({ balance: b }: { balance: StoreBalance }) {
  const { busy, failure, done, run, refuse } = useAction([adminPayoutsQueryKey]);
  const [holding, setHolding] = useState(false);
  const [adjusting, setAdjusting] = useState(false);
  const [reason, setReason] = useState('');
  const figures = [
    ['Pending', b.pending_minor],
    ['Available', b.available_minor],
    ['In progress', b.in_flight_minor],
    ['Paid out', b.paid_out_minor],
  ] as const;

  function hold(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const why = reason.trim();
    if (why === '') {
      refuse('Give the reason for holding the payouts: the store sees it.');
      return;
    }
    void run(() => holdPayouts(b.store, why), `Payouts of ${b.store_name} are held.`).then((ok) => {
      if (ok) {
        setHolding(false);
        setReason('');
      }
    });
  }

  return (
    <li className="rounded-card bg-white p-4 shadow-card">
      <article aria-label={b.store_name}>
        <h3 className="font-semibold break-words">
          {b.store_name}
          {b.held && (
            <span className="ml-2 rounded-pill bg-danger-50 px-2 py-0.5 text-xs font-semibold text-danger-700">
              Payouts held
            </span>
          )}
        </h3>
        {b.held && b.hold_reason && <p className="text-sm break-words">Reason: {b.hold_reason}</p>}
        <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-4">
          {figures.map(([label, amount]) => (
            <div key={label}>
              <dt className="text-sm text-muted">{label}</dt>
              <dd className="font-semibold tabular-nums">{formatPesewas(amount)}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-1 text-sm text-muted">
          {b.account_verified ? 'Payout account verified' : 'No payout account yet'}
          {b.last_payout_at && ` · last payout ${formatDateTime(b.last_payout_at)}`}
        </p>
        {adjusting ? (
          <AdjustBalanceForm
            balance={b}
            busy={busy}
            run={run}
            refuse={refuse}
            onClose={() => {
              setAdjusting(false);
            }}
          />
        ) : holding ? (
          <form onSubmit={hold} noValidate className="mt-3 space-y-3">
            <Field
              label="Reason for holding"
              hint="The store sees it in its Seller Centre."
              maxLength={500}
              value={reason}
              onValueChange={setReason}
            />
            <div className="flex flex-wrap gap-3">
              <Button type="submit" aria-disabled={busy} className="w-full sm:w-auto">
                Hold payouts
              </Button>
              <Button
                variant="secondary"
                className="w-full sm:w-auto"
                onClick={() => {
                  setHolding(false);
                }}
              >
                Cancel
              </Button>
            </div>
          </form>
        ) : (
          <div className="mt-3 flex flex-wrap gap-3">
            {b.held ? (
              <Button
                variant="secondary"
                className="w-full sm:w-auto"
                aria-disabled={busy}
                onClick={() =>
                  void run(
                    () => releasePayouts(b.store),
                    `Payouts of ${b.store_name} are released.`,
                  )
                }
              >
                Release payouts
              </Button>
            ) : (
              <Button
                variant="secondary"
                className="w-full sm:w-auto"
                onClick={() => {
                  setHolding(true);
                }}
              >
                Hold payouts
              </Button>
            )}
            <Button
              variant="secondary"
              className="w-full sm:w-auto"
              onClick={() => {
                setAdjusting(true);
              }}
            >
              Adjust balance
            </Button>
          </div>
        )}
        <FormMessages error={failure} success={done} />
      </article>
    </li>
  );
}
