import { useId, useState, type SubmitEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, FormMessages } from '@/components/ui/field';
import { ApiError } from '@/lib/api/client';
import { problemText } from '@/lib/api/problem';
import { chargeTestCard } from '../api/payments';

/** The built-in test provider's cards (contract §2.5) and what each one does. */
export const TEST_CARDS = [
  { number: '4084 0840 8408 4081', outcome: 'Approved' },
  { number: '4000 0000 0000 0002', outcome: 'Declined' },
  { number: '4000 0000 0000 9995', outcome: 'Insufficient Funds' },
] as const;

export const CHARGE_FAILED = 'The test payment could not be made. Please try again.';

/**
 * The test provider's payment popup: it looks and behaves like a card provider's, says plainly
 * that it is a test, and charges one of the test cards. A success hands over to verification
 * (`onCharged`); a decline keeps the order pending and lets the shopper try another card.
 */
export function TestPayDialog({
  reference,
  amount,
  email,
  onCharged,
  onClose,
}: {
  reference: string;
  amount: string;
  email: string;
  onCharged: () => void;
  onClose: () => void;
}) {
  const headingId = useId();
  const [card, setCard] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError('');
    try {
      const charge = await chargeTestCard(reference, card);
      if (charge.status === 'success') {
        onCharged();
        return;
      }
      setError(
        `Payment declined: ${charge.gateway_response}. No money was taken; try another card.`,
      );
    } catch (e) {
      // Charged already (a retry after a lost answer): verification settles it.
      if (e instanceof ApiError && e.status === 409) {
        onCharged();
        return;
      }
      setError(problemText(e) ?? CHARGE_FAILED);
    }
    setBusy(false);
  }

  return (
    <Dialog
      labelledBy={headingId}
      onClose={() => {
        if (!busy) onClose();
      }}
    >
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
        <div className="pr-10">
          <p className="mb-2 inline-flex rounded-pill bg-gold-400 px-3 py-0.5 text-sm font-bold tracking-wide text-ink">
            TEST MODE
          </p>
          <h2 id={headingId} className="text-xl font-bold">
            Pay {amount}
          </h2>
          <p className="text-sm text-muted">{email}</p>
        </div>
        <p className="text-sm">
          This shop runs its test payment provider: no real card is charged. Use a test card:
        </p>
        <ul className="space-y-1 text-sm">
          {TEST_CARDS.map((test) => (
            <li key={test.number} className="flex items-center justify-between gap-2">
              <span>
                <span className="font-mono">{test.number}</span> — {test.outcome}
              </span>
              <button
                type="button"
                onClick={() => {
                  setCard(test.number);
                }}
                aria-label={`Use ${test.number}`}
                className="inline-flex min-h-tap items-center px-2 font-semibold text-brand-700 underline underline-offset-4"
              >
                Use
              </button>
            </li>
          ))}
        </ul>
        <Field
          label="Card Number"
          value={card}
          onValueChange={setCard}
          inputMode="numeric"
          autoComplete="off"
          maxLength={23}
        />
        <FormMessages error={error} />
        <Button type="submit" className="w-full" aria-disabled={busy}>
          {busy ? 'Processing…' : `Pay ${amount}`}
        </Button>
      </form>
    </Dialog>
  );
}
