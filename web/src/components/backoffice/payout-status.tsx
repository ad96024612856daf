import type { components } from '@/lib/api/schema';
import { cx } from '@/lib/cx';

type PayoutStatus = components['schemas']['Payout']['status'];

/** A payout's state in the words of the Seller Centre and the staff area. */
export const PAYOUT_STATUS: Record<PayoutStatus, string> = {
  pending: 'Being sent',
  processing: 'On its way',
  paid: 'Paid',
  failed: 'Failed',
  reversed: 'Returned',
};

/** A payout's state as a badge: green when paid, red when the money came back. */
export function PayoutStatusBadge({ status }: { status: PayoutStatus }) {
  return (
    <span
      data-status={status}
      className={cx(
        'inline-flex rounded-pill px-2 py-0.5 text-xs font-semibold',
        status === 'paid' && 'bg-brand-700 text-white',
        (status === 'pending' || status === 'processing') && 'bg-gold-100 text-ink',
        (status === 'failed' || status === 'reversed') && 'bg-danger-50 text-danger-700',
      )}
    >
      {PAYOUT_STATUS[status]}
    </span>
  );
}

/** 'MTN Mobile Money · 0241234567 · KWAME MENSAH': where a payout went or goes. */
export function accountLine(a: {
  bank_name: string;
  account_number: string;
  account_name: string;
}) {
  return `${a.bank_name} · ${a.account_number} · ${a.account_name}`;
}
