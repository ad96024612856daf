import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { LoadError } from '@/components/ui/alert';
import { Button, ButtonLink } from '@/components/ui/button';
import { Handle } from '@/components/ui/handle';
import { Loading } from '@/components/ui/loading';
import { PageHeading } from '@/components/ui/page-heading';
import { Icon } from '@/components/ui/icon';
import { DetailSkeleton } from '@/components/ui/skeleton';
import { ordersQueryKey, type Order } from '@/features/orders/api/orders';
import { OrderGate } from '@/features/orders/components/order-gate';
import {
  createPayment,
  verifyPayment,
  waitingMobileMoney,
  type Payment,
} from '@/features/payment/api/payments';
import { MobileMoney } from '@/features/payment/components/mobile-money';
import { PayOnDelivery } from '@/features/payment/components/pay-on-delivery';
import { TestPayDialog } from '@/features/payment/components/test-pay-dialog';
import { payInPopup } from '@/features/payment/paystack';
import { hasProblemCode, problemText } from '@/lib/api/problem';
import { formatPesewas } from '@/lib/money';
import { OFFLINE_PAYMENT, useOnline } from '@/lib/online';
import { formatOrderId } from '@/lib/order-id';
import type { OrdersNotice } from './orders';

export const PAYMENT_RECORD_FAILED = 'Error creating payment record. Please try again.';
export const VERIFIED = 'Payment verified successfully!';
// Spec §8 names the provider; the shopper is told what it is: a card payment provider.
export const VERIFY_FAILED =
  'Payment was successful on our card payment provider, but verification failed in our system. Please contact support.';
export const POPUP_FAILED = 'The payment window could not be opened. Please try again.';

/** Payment for a pending order (spec §2 'Payment page', §4 Payment). */
export default function PaymentPage() {
  const online = useOnline();
  return (
    <>
      {/* A payment never starts offline: the page says why above whatever it can show. */}
      {!online && (
        <p
          role="alert"
          className="mb-4 rounded-card bg-white p-4 font-semibold text-danger-700 shadow-card"
        >
          {OFFLINE_PAYMENT}
        </p>
      )}
      <OrderGate
        orderId={useParams().orderId ?? ''}
        title="Payment"
        notFoundText="The requested order does not exist"
      >
        {(order) =>
          order.status === 'pending' ? (
            <PaymentPanel order={order} />
          ) : (
            <div className="rounded-card bg-white p-6 text-center shadow-card">
              <PageHeading>Nothing to Pay</PageHeading>
              <p className="mb-6">This order is {order.status} and is not awaiting payment.</p>
              <ButtonLink to={`/order/${order.id}`}>View Order</ButtonLink>
            </div>
          )
        }
      </OrderGate>
    </>
  );
}

/**
 * Creates (or finds) the order's payment attempt once per visit — the query cache holds the
 * answer, so a re-render or React's double mount in development asks only once — and shows the
 * summary with Pay Now. While a mobile money charge of the order waits for approval the server
 * refuses a card attempt (409 `payment_in_progress`); the page then resumes that charge.
 */
function PaymentPanel({ order }: { order: Order }) {
  const online = useOnline();
  const payment = useQuery({
    // Not even the payment record is asked for offline (the page says why).
    enabled: online,
    queryKey: ['payment', order.id],
    // `payment` is what the summary shows: the card attempt, or else the waiting charge.
    queryFn: async (): Promise<{ payment: Payment; waiting: Payment | null }> => {
      try {
        return { payment: await createPayment(order.id), waiting: null };
      } catch (e) {
        const waiting = hasProblemCode(e, 409, 'payment_in_progress')
          ? await waitingMobileMoney(order.id)
          : null;
        if (waiting === null) throw e;
        return { payment: waiting, waiting };
      }
    },
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

  if (payment.isPending && !online) return null;
  if (payment.isPending) {
    return (
      <Loading label="Loading payment details..." showLabel>
        <DetailSkeleton />
      </Loading>
    );
  }
  if (payment.isError) {
    return <LoadError text={PAYMENT_RECORD_FAILED} onRetry={() => void payment.refetch()} />;
  }
  return <PaymentSummary order={order} {...payment.data} />;
}

type Stage =
  { kind: 'idle' } | { kind: 'paying' } | { kind: 'verifying' } | { kind: 'failed'; text: string };

function PaymentSummary({
  order,
  payment,
  waiting,
}: {
  order: Order;
  payment: Payment;
  waiting: Payment | null;
}) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [testDialog, setTestDialog] = useState(false);
  const online = useOnline();
  // The card attempt, once mobile money has replaced the one this page loaded with, is asked
  // for again when the shopper turns to the card.
  const [card, setCard] = useState<Payment | null>(waiting ? null : payment);
  const amount = formatPesewas(payment.amount_minor);

  async function paid() {
    await client.invalidateQueries({ queryKey: ordersQueryKey });
    void navigate('/orders', { state: { notice: VERIFIED } satisfies OrdersNotice });
  }

  async function verify(reference: string) {
    setTestDialog(false);
    setStage({ kind: 'verifying' });
    try {
      await verifyPayment(reference);
      await paid();
    } catch (e) {
      // The charge went through: a refusal the server explains (the order was cancelled
      // meanwhile, a mismatch) is shown as it is; anything else is our fault, not the shopper's.
      const told = problemText(e);
      setStage({ kind: 'failed', text: told ?? VERIFY_FAILED });
    }
  }

  async function onPayNow() {
    let current = card;
    if (current === null) {
      setStage({ kind: 'paying' });
      try {
        current = await createPayment(order.id);
        setCard(current);
      } catch (e) {
        setStage({ kind: 'failed', text: problemText(e) ?? PAYMENT_RECORD_FAILED });
        return;
      }
    }
    if (current.provider === 'test') {
      setStage({ kind: 'idle' });
      setTestDialog(true);
      return;
    }
    setStage({ kind: 'paying' });
    try {
      const outcome = await payInPopup(current.access_code ?? '');
      if (outcome.kind === 'success') await verify(outcome.reference);
      else setStage({ kind: 'idle' });
    } catch {
      setStage({ kind: 'failed', text: POPUP_FAILED });
    }
  }

  const busy = stage.kind === 'paying' || stage.kind === 'verifying';
  return (
    <div className="mx-auto max-w-lg">
      <section
        aria-labelledby="pay-heading"
        className="space-y-5 rounded-card bg-white p-6 shadow-card"
      >
        <div>
          <h1 id="pay-heading" className="text-2xl font-bold tracking-tight">
            Complete Your Payment
          </h1>
          <p className="mt-1 font-mono text-sm text-muted">Order ID: {formatOrderId(order.id)}</p>
        </div>
        <dl className="space-y-3">
          <div>
            <dt className="text-sm text-muted">Email</dt>
            <dd className="font-semibold">
              <Handle text={payment.email} />
            </dd>
          </div>
          <div>
            <dt className="text-sm text-muted">Amount Due</dt>
            <dd className="text-3xl font-bold text-brand-800">{amount}</dd>
          </div>
        </dl>
        <p className="inline-flex items-center gap-2 rounded-pill bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-800">
          <LockIcon />
          Secure SSL Encryption
        </p>
        {payment.provider === 'test' && (
          <p className="text-sm text-muted">
            <span className="font-bold text-ink">TEST MODE</span>: payments go to the shop&apos;s
            test provider; no real money moves.
          </p>
        )}
        {/* Every way to pay waits for a connection: a payment never starts offline. */}
        <fieldset disabled={!online} className="space-y-5">
          <section aria-labelledby="momo-heading" className="space-y-3 border-t border-line pt-5">
            <h2 id="momo-heading" className="text-xl font-bold">
              Pay with mobile money
            </h2>
            <MobileMoney
              orderId={order.id}
              waiting={waiting}
              testMode={payment.provider === 'test'}
              onPaid={() => void paid()}
              onCharging={() => {
                setCard(null);
              }}
            />
          </section>
          <h2 className="border-t border-line pt-5 text-xl font-bold">Or pay by card</h2>
          {stage.kind === 'verifying' && (
            <p role="status" className="font-semibold text-brand-700">
              Verifying your payment…
            </p>
          )}
          {stage.kind === 'failed' && (
            <p role="alert" className="text-danger-700">
              {stage.text}
            </p>
          )}
          <Button
            variant="accent"
            className="w-full text-lg"
            aria-disabled={busy}
            onClick={() => void (busy ? undefined : onPayNow())}
          >
            {busy ? 'Please wait…' : 'Pay Now'}
          </Button>
          <section aria-labelledby="cod-heading" className="space-y-3 border-t border-line pt-5">
            <h2 id="cod-heading" className="text-xl font-bold">
              Or pay on delivery
            </h2>
            <PayOnDelivery
              orderId={order.id}
              onChosen={() => {
                void client.invalidateQueries({ queryKey: ordersQueryKey });
                void navigate(`/order/${order.id}`);
              }}
            />
          </section>
        </fieldset>
      </section>
      {testDialog && card && (
        <TestPayDialog
          reference={card.payment_reference}
          amount={amount}
          email={payment.email}
          onCharged={() => void verify(card.payment_reference)}
          onClose={() => {
            setTestDialog(false);
          }}
        />
      )}
    </div>
  );
}

function LockIcon() {
  return (
    <Icon className="size-4">
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </Icon>
  );
}
