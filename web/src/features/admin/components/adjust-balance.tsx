import { useState, type SubmitEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { formatPesewas, toPesewas } from '@/lib/money';
import { randomKey } from '@/lib/random-key';
import { adjustBalance, type StoreBalance } from '../api/payouts';

type Run = (change: () => Promise<unknown>, message: string) => Promise<boolean>;

/**
 * Staff credit or debit a store's available balance with a reason the seller reads in the
 * ledger. A debit may take the balance below zero: the next payout nets it. One key per open
 * form, so a double tap posts once.
 */
export function AdjustBalanceForm({
  balance: b,
  busy,
  run,
  refuse,
  onClose,
}: {
  balance: StoreBalance;
  busy: boolean;
  run: Run;
  refuse: (reason: string) => void;
  onClose: () => void;
}) {
  const [key] = useState(randomKey);
  const [direction, setDirection] = useState<'credit' | 'debit'>('credit');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');

  function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const pesewas = toPesewas(amount);
    const why = reason.trim();
    if (pesewas === null || pesewas <= 0) {
      refuse('Enter the amount in GH₵, more than zero, such as 25.50.');
      return;
    }
    if (why === '') {
      refuse('Give the reason for the adjustment: the store sees it.');
      return;
    }
    const signed = direction === 'credit' ? pesewas : -pesewas;
    const message =
      direction === 'credit'
        ? `${b.store_name} was credited ${formatPesewas(pesewas)}.`
        : `${b.store_name} was debited ${formatPesewas(pesewas)}.`;
    void run(() => adjustBalance(b.store, signed, why, key), message).then((ok) => {
      if (ok) onClose();
    });
  }

  return (
    <form onSubmit={submit} noValidate className="mt-3 space-y-3">
      <fieldset>
        <legend className="font-semibold">Adjustment</legend>
        {(
          [
            ['credit', 'Credit the store'],
            ['debit', 'Debit the store'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="flex min-h-tap cursor-pointer items-center gap-3">
            <input
              type="radio"
              name={`adjust-${b.store}`}
              className="shrink-0"
              checked={direction === value}
              onChange={() => {
                setDirection(value);
              }}
            />
            <span>{label}</span>
          </label>
        ))}
      </fieldset>
      <Field
        label="Amount (GH₵)"
        hint="A debit may take the available balance below zero; the next payout nets it."
        inputMode="decimal"
        value={amount}
        onValueChange={setAmount}
      />
      <Field
        label="Reason for the adjustment"
        hint="The store sees it in its ledger and statement."
        maxLength={500}
        value={reason}
        onValueChange={setReason}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" aria-disabled={busy} className="w-full sm:w-auto">
          Post adjustment
        </Button>
        <Button variant="secondary" className="w-full sm:w-auto" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
