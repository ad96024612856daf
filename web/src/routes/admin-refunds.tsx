import { useState, type SubmitEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Handle } from '@/components/ui/handle';
import { Field, FormMessages } from '@/components/ui/field';
import { PageHeading } from '@/components/ui/page-heading';
import { Loaded } from '@/components/backoffice/loaded';
import { useAction } from '@/components/backoffice/use-action';
import {
  refundOrder,
  refundPayment,
  refundQueueQueryKey,
  useRefundQueue,
  type QueuedRefund,
} from '@/features/admin/api/refunds';
import {
  PayOnDeliverySettings,
  StoreRefundSettings,
} from '@/features/admin/components/pay-on-delivery-settings';
import { useAttemptKey } from '@/lib/attempt-key';
import { formatDateTime } from '@/lib/dates';
import { formatPesewas, toPesewas } from '@/lib/money';
import { formatOrderId } from '@/lib/order-id';
import { useDocumentTitle } from '@/lib/use-document-title';

export const REFUNDS_FAILED = 'Failed to load the refund queue. Please try again.';

/**
 * Staff: payments to give back (a success that came after its order was cancelled or paid
 * another way), each refunded in one tap, a form to refund any paid order fully or partly, and
 * the pay on delivery switch.
 */
export default function AdminRefundsPage() {
  useDocumentTitle('Refunds');
  const query = useRefundQueue();
  return (
    <>
      <PageHeading>Refunds</PageHeading>
      <section aria-labelledby="refund-queue" className="mb-8">
        <h2 id="refund-queue" className="mb-3 text-xl font-bold">
          Flagged for refund
        </h2>
        <Loaded query={query} failed={REFUNDS_FAILED}>
          {(data) =>
            data.length === 0 ? (
              <p>No payments are waiting to be refunded.</p>
            ) : (
              <ul className="space-y-3">
                {data.map((q) => (
                  <QueuedCard key={q.payment} queued={q} />
                ))}
              </ul>
            )
          }
        </Loaded>
      </section>
      <OrderRefundForm />
      <PayOnDeliverySettings />
      <StoreRefundSettings />
    </>
  );
}

function QueuedCard({ queued }: { queued: QueuedRefund }) {
  const { busy, failure, done, run } = useAction([refundQueueQueryKey]);
  const keyFor = useAttemptKey();
  const left = formatPesewas(queued.refundable_minor);
  return (
    <li className="rounded-card bg-white p-4 shadow-card">
      <article aria-label={`Payment ${queued.payment_reference}`}>
        <p className="text-lg font-bold">{left}</p>
        <p className="text-sm break-words text-muted">
          <Handle text={queued.email} /> ·{' '}
          {queued.channel === 'mobile_money' ? 'Mobile money' : 'Card'}
          {queued.paid_at && ` · paid ${formatDateTime(queued.paid_at)}`}
        </p>
        <p className="text-sm">
          Order{' '}
          <Link to={`/order/${queued.order}`} className="font-mono text-brand-700 underline">
            {formatOrderId(queued.order)}
          </Link>
          {queued.refunded_minor > 0 &&
            ` · ${formatPesewas(queued.refunded_minor)} refunded already`}
        </p>
        <Button
          className="mt-3 w-full sm:w-auto"
          aria-disabled={busy}
          onClick={() => {
            // No amount: the payment's whole remainder, the figure on the button.
            void run(
              () => refundPayment(queued.payment, {}, keyFor({ payment: queued.payment })),
              `Refund of ${left} sent.`,
            );
          }}
        >
          Refund {left}
        </Button>
        <FormMessages error={failure} success={done} />
      </article>
    </li>
  );
}

/** Refund a paid order by its id: all that is left, or an amount in cedis. */
function OrderRefundForm() {
  const [order, setOrder] = useState('');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const { busy, failure, done, run, refuse } = useAction([refundQueueQueryKey]);
  const keyFor = useAttemptKey();

  function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const id = order.trim();
    const pesewas = amount.trim() === '' ? null : toPesewas(amount);
    if (id === '') {
      refuse('Type the order id (from the order page or its e-mail).');
      return;
    }
    if (pesewas !== null && pesewas <= 0) {
      refuse('Type an amount above zero, or leave it empty to refund all that is left.');
      return;
    }
    if (amount.trim() !== '' && pesewas === null) {
      refuse('Type the amount in cedis, like 125.50.');
      return;
    }
    const body = { amount_minor: pesewas, reason: reason.trim() || null };
    void run(
      () => refundOrder(id, body, keyFor({ id, ...body })),
      pesewas === null
        ? 'Refund of all that is left sent.'
        : `Refund of ${formatPesewas(pesewas)} sent.`,
    );
  }

  return (
    <section aria-labelledby="refund-order" className="rounded-card bg-white p-4 shadow-card">
      <h2 id="refund-order" className="mb-3 text-xl font-bold">
        Refund an order
      </h2>
      <form onSubmit={submit} className="space-y-3" noValidate>
        <Field label="Order id" value={order} onValueChange={setOrder} autoComplete="off" />
        <Field
          label="Amount in GH₵"
          hint="Leave empty to refund all that is left."
          inputMode="decimal"
          value={amount}
          onValueChange={setAmount}
        />
        <Field label="Reason (optional)" maxLength={500} value={reason} onValueChange={setReason} />
        <Button type="submit" aria-disabled={busy} className="w-full sm:w-auto">
          Refund
        </Button>
        <FormMessages error={failure} success={done} />
      </form>
    </section>
  );
}
