import { useState, type SubmitEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field, FormMessages } from '@/components/ui/field';
import { useAction } from '@/components/backoffice/use-action';
import { accountLine } from '@/components/backoffice/payout-status';
import { useAttemptKey } from '@/lib/attempt-key';
import { formatPesewas, toPesewas } from '@/lib/money';
import { requestPayout, sellerPayoutsQueryKey, type SellerBalance } from '../api/payouts';

/** Pesewas as the amount field shows them: '1234.50'. */
function cedis(pesewas: number): string {
  return (pesewas / 100).toFixed(2);
}

/**
 * Why a payout of `amount` cannot be asked for now, or '' when it can: the server's reason
 * (held, no account, another payout on its way, balance below the minimum) first, then the
 * amount typed against the minimum and the available balance.
 */
export function payoutRefusal(balance: SellerBalance, amount: number | null): string {
  if (!balance.can_request) {
    return balance.cannot_request_reason ?? 'You cannot ask for a payout at the moment.';
  }
  if (amount === null || amount <= 0) return 'Type the amount in cedis, like 125.50.';
  if (amount < balance.minimum_payout_minor) {
    return `The smallest payout is ${formatPesewas(balance.minimum_payout_minor)}.`;
  }
  if (amount > balance.available_minor) {
    return `You can pay out at most ${formatPesewas(balance.available_minor)}.`;
  }
  return '';
}

/** Asks for a payout of the available balance (all of it unless the seller types less). */
export function PayoutRequest({ balance }: { balance: SellerBalance }) {
  // null: the whole available balance, which the field shows until the seller types.
  const [typed, setTyped] = useState<string | null>(null);
  const { busy, failure, done, run } = useAction([sellerPayoutsQueryKey]);
  const keyFor = useAttemptKey();
  const available = Math.max(0, balance.available_minor);
  const text = typed ?? cedis(available);
  const amount = toPesewas(text);
  const refusal = payoutRefusal(balance, amount);

  function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (refusal !== '' || amount === null) return;
    const account = balance.account;
    // The amount shown is sent even when it is the whole balance: should the balance change
    // meanwhile, the server refuses rather than paying out a figure the seller did not see.
    const body = { amount_minor: amount };
    void run(
      () => requestPayout(body.amount_minor, keyFor(body)),
      `Payout of ${formatPesewas(amount)} asked for${account ? `, to ${accountLine(account)}` : ''}.`,
    ).then((ok) => {
      if (ok) setTyped(null);
    });
  }

  return (
    <section
      aria-labelledby="request-heading"
      className="mt-8 rounded-card bg-white p-4 shadow-card sm:p-6"
    >
      <h2 id="request-heading" className="mb-3 text-xl font-bold">
        Request a payout
      </h2>
      <form onSubmit={submit} noValidate className="space-y-3">
        <Field
          label="Amount in GH₵"
          hint={`Up to ${formatPesewas(available)}; at least ${formatPesewas(balance.minimum_payout_minor)}.`}
          inputMode="decimal"
          autoComplete="off"
          value={text}
          onValueChange={setTyped}
          disabled={!balance.can_request}
        />
        <p id="payout-refusal" className="text-sm font-semibold text-muted empty:hidden">
          {refusal}
        </p>
        <Button
          type="submit"
          aria-disabled={busy || refusal !== ''}
          aria-describedby={refusal ? 'payout-refusal' : undefined}
          className="w-full sm:w-auto"
        >
          Request payout
        </Button>
        <FormMessages error={failure} success={done} />
      </form>
    </section>
  );
}
