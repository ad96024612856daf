import { formatPesewas } from '@/lib/money';
import type { SellerBalance } from '../api/payouts';

/** The store's four balances, then what decides when money moves (holding period, minimum, schedule). */
export function BalanceCards({ balance }: { balance: SellerBalance }) {
  const cards = [
    {
      label: 'Pending',
      amount: balance.pending_minor,
      hint:
        balance.holding_days === 0
          ? 'Earnings of orders not yet delivered.'
          : `Earnings of orders not yet delivered, or delivered less than ${days(balance.holding_days)} ago.`,
    },
    {
      label: 'Available',
      amount: balance.available_minor,
      hint:
        balance.available_minor < 0
          ? 'You owe this to Dwa: it comes off your next payout.'
          : 'Yours to pay out.',
    },
    {
      label: 'In progress',
      amount: balance.in_flight_minor,
      hint: 'Payouts sent, waiting for the provider to confirm.',
    },
    { label: 'Paid out', amount: balance.paid_out_minor, hint: 'Everything paid out so far.' },
  ];
  return (
    <section aria-labelledby="balance-heading">
      <h2 id="balance-heading" className="sr-only">
        Balance
      </h2>
      {balance.held && (
        <div
          role="status"
          className="mb-4 rounded-card border border-danger-600/40 bg-danger-50 p-4 text-danger-700"
        >
          <p className="font-semibold">Dwa is holding your payouts.</p>
          {balance.hold_reason && <p className="break-words">Reason: {balance.hold_reason}</p>}
          <p>Your earnings stay in your balance. Dwa support can tell you more.</p>
        </div>
      )}
      <dl className="grid grid-cols-1 gap-3 min-[360px]:grid-cols-2 lg:grid-cols-4">
        {cards.map((card) => (
          <div key={card.label} className="rounded-card bg-white p-4 shadow-card">
            <dt className="font-semibold text-muted">{card.label}</dt>
            <dd className="text-xl font-bold tabular-nums">{formatPesewas(card.amount)}</dd>
            <dd className="mt-1 text-sm text-muted">{card.hint}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-sm text-muted">
        {balance.holding_days === 0
          ? 'Earnings become available when the order is delivered.'
          : `Earnings become available ${days(balance.holding_days)} after delivery.`}{' '}
        The smallest payout is {formatPesewas(balance.minimum_payout_minor)}.{' '}
        {balance.weekly_payouts
          ? 'Once a week, an available balance of at least that is paid out to your payout account.'
          : 'Ask for a payout below when you want your money.'}
      </p>
    </section>
  );
}

function days(n: number): string {
  return n === 1 ? '1 day' : `${String(n)} days`;
}
