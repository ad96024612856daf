import { Loaded } from '@/components/backoffice/loaded';
import { formatPesewas } from '@/lib/money';
import { useCommissionIncome } from '../api/payouts';

export const INCOME_FAILED = "Failed to load the mall's commission income. Please try again.";

/** 'November 2026' for '2026-11'. */
function monthName(month: string): string {
  return new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** What the mall has earned in commission, in all and month by month (newest first). */
export function CommissionIncomeSection() {
  const query = useCommissionIncome();
  return (
    <section
      aria-labelledby="income-heading"
      className="mt-8 rounded-card bg-white p-4 shadow-card sm:p-6"
    >
      <h2 id="income-heading" className="mb-3 text-xl font-bold">
        Commission income
      </h2>
      <Loaded query={query} failed={INCOME_FAILED}>
        {(income) => (
          <>
            <p className="text-2xl font-bold tabular-nums">{formatPesewas(income.total_minor)}</p>
            <p className="text-sm text-muted">In all, net of commission returned with refunds.</p>
            {income.months.length > 0 && (
              <dl className="mt-3 divide-y divide-line">
                {income.months.map((m) => (
                  <div key={m.month} className="flex flex-wrap justify-between gap-x-3 py-2">
                    <dt>{monthName(m.month)}</dt>
                    <dd className="font-semibold tabular-nums">{formatPesewas(m.amount_minor)}</dd>
                  </div>
                ))}
              </dl>
            )}
          </>
        )}
      </Loaded>
    </section>
  );
}
