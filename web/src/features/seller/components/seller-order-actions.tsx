import { useState, type SubmitEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field, FormMessages } from '@/components/ui/field';
import { problemText } from '@/lib/api/problem';
import { useAttemptKey } from '@/lib/attempt-key';
import { formatPesewas, formatPrice, toPesewas } from '@/lib/money';
import { formatOrderId } from '@/lib/order-id';
import { cancelPart, markPaidOnDelivery, refundPart } from '../api/orders';
import type { SellerOrder } from '../api/types';
import { OrderNoteDialog } from './order-note-dialog';

export const PAID_FAILED = 'Failed to mark the order paid on delivery.';
export const CANCEL_FAILED = 'Failed to cancel the order.';
export const REFUND_FAILED = 'The refund was not sent.';
export const REASON_MAX = 500;

/**
 * A pay-on-delivery part's steps (decision 0020): what the rider collects, "Mark paid on
 * delivery" when it is handed over (it is then delivered), and, while unpaid, cancelling it with a
 * reason the buyer is told. `changed` receives the server's new copy and the page's notice.
 */
export function PayOnDeliveryActions({
  order,
  changed,
}: {
  order: SellerOrder;
  changed: (saved: SellerOrder, message: string) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [cancelling, setCancelling] = useState(false);
  const short = formatOrderId(order.id);
  const due = order.due_on_delivery ?? null;

  async function paid() {
    if (busy) return;
    setBusy(true);
    setError('');
    try {
      changed(await markPaidOnDelivery(order.id), `Order ${short} marked paid on delivery.`);
    } catch (e) {
      const why = problemText(e);
      setError(why ? `${PAID_FAILED} ${why}` : PAID_FAILED);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-3">
      <p className="rounded-control bg-gold-100 px-3 py-2 font-semibold">
        Pay on delivery
        {due !== null && (
          <>
            : collect <span className="whitespace-nowrap">{formatPrice(due)}</span> when you hand it
            over
          </>
        )}
        {order.paid_on_delivery_at && ' · paid'}
      </p>
      {order.cancelled_at && (
        <p className="break-words">
          <span className="font-semibold">Cancelled:</span> {order.cancel_reason}
        </p>
      )}
      {error && (
        <p role="alert" className="text-danger-700">
          {error}
        </p>
      )}
      {due !== null && (
        <div className="flex flex-wrap gap-3">
          <Button
            aria-disabled={busy}
            aria-label={`Mark paid on delivery: order ${short}`}
            onClick={() => void paid()}
          >
            {busy ? 'Saving…' : 'Mark paid on delivery'}
          </Button>
          <Button
            variant="secondary"
            aria-label={`Cancel order ${short}`}
            onClick={() => {
              setError('');
              setCancelling(true);
            }}
          >
            Cancel order
          </Button>
        </div>
      )}
      {cancelling && (
        <OrderNoteDialog
          title={`Cancel order ${short}`}
          label="Reason"
          hint="The buyer sees this on the order page and in the notice. The items go back into stock."
          maxLength={REASON_MAX}
          submit="Cancel order"
          keep="Keep the order"
          failed={CANCEL_FAILED}
          required="Tell the buyer why the order is cancelled."
          save={(reason) => cancelPart(order.id, reason)}
          onDone={(saved) => {
            setCancelling(false);
            if (saved) changed(saved, `Order ${short} cancelled. The buyer has been told.`);
          }}
        />
      )}
    </div>
  );
}

/**
 * Refund of the store's own part of a paid order (decision 0019, when staff allow it): all of the
 * part that is left, or an amount in cedis, with an optional reason. One Idempotency-Key per body,
 * so a double tap or a retry replays the first refund.
 */
export function StoreRefundForm({ order }: { order: SellerOrder }) {
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const keyFor = useAttemptKey();
  const short = formatOrderId(order.id);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const pesewas = amount.trim() === '' ? null : toPesewas(amount);
    if (amount.trim() !== '' && (pesewas === null || pesewas <= 0)) {
      setDone('');
      setError(
        'Type the amount in cedis, like 125.50, or leave it empty to refund your whole part.',
      );
      return;
    }
    const body = { amount_minor: pesewas, reason: reason.trim() || null };
    setBusy(true);
    setError('');
    setDone('');
    try {
      const refund = await refundPart(order.id, body, keyFor({ id: order.id, ...body }));
      setDone(`Refund of ${formatPesewas(refund.amount_minor)} sent.`);
    } catch (e) {
      const why = problemText(e);
      setError(why ? `${REFUND_FAILED} ${why}` : REFUND_FAILED);
    } finally {
      setBusy(false);
    }
  }

  if (!open) {
    return (
      <Button
        variant="secondary"
        aria-label={`Refund order ${short}`}
        onClick={() => {
          setOpen(true);
        }}
      >
        Refund
      </Button>
    );
  }
  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      aria-label={`Refund order ${short}`}
      className="space-y-3 rounded-control border border-line p-3"
    >
      <h3 className="font-bold">Refund your part</h3>
      <Field
        label="Amount in GH₵"
        hint={`Leave empty to refund all that is left of your ${formatPrice(order.amount)}.`}
        inputMode="decimal"
        value={amount}
        onValueChange={setAmount}
      />
      <Field
        label="Reason (optional)"
        maxLength={REASON_MAX}
        value={reason}
        onValueChange={setReason}
      />
      <FormMessages error={error} success={done} />
      <Button type="submit" aria-disabled={busy} className="w-full sm:w-auto">
        {busy ? 'Sending…' : 'Send refund'}
      </Button>
    </form>
  );
}
