import { useEffect, useId, useState, type SubmitEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { problemText } from '@/lib/api/problem';
import {
  payMobileMoney,
  submitMobileMoneyCode,
  verifyPayment,
  type Network,
  type Payment,
} from '../api/payments';
import { NETWORKS, networkNamed, networkOf } from '../networks';

/** The built-in test provider's numbers (docs/operations.md) and what each one does. */
const TEST_NUMBERS = [
  { number: '055 123 4987', outcome: 'MTN: approved after a few seconds' },
  { number: '055 123 4988', outcome: 'MTN: declined' },
  { number: '055 123 4990', outcome: 'MTN: never answered (times out)' },
  { number: '020 123 4567', outcome: 'Telecel: voucher 123456' },
] as const;

const NOT_COMPLETE = 'Payment is not complete yet.';
const CHARGE_ERROR = 'The mobile money payment could not be started. Please try again.';
/** How long the page counts down; the server's DWA_MOMO_TIMEOUT default. */
const PROMPT_SECONDS = 300;
/** Waits between verify calls while the prompt is out: quick at first, then every 10 s. */
const POLL_MS = [2000, 3000, 5000, 8000, 10000];

type Step =
  | { kind: 'form'; error: string }
  | { kind: 'code'; payment: Payment; error: string }
  | { kind: 'waiting'; payment: Payment };

function stepFor(p: Payment): Step {
  return p.mobile_money?.state === 'send_otp'
    ? { kind: 'code', payment: p, error: '' }
    : { kind: 'waiting', payment: p };
}

/**
 * Mobile money: a number (its network guessed from the prefix, changeable), then either a
 * voucher code (Telecel) or the "approve the prompt on your phone" screen, which asks the server
 * with backoff until the payment is final. `waiting` resumes a charge found on load, so a reload
 * or a closed tab comes back to where the payment stands. A failure returns to the form with the
 * reason. `onCharging` tells the page that a charge replaces its card attempt.
 */
export function MobileMoney({
  orderId,
  waiting,
  testMode,
  onPaid,
  onCharging,
}: {
  orderId: string;
  waiting: Payment | null;
  testMode: boolean;
  onPaid: () => void;
  onCharging: () => void;
}) {
  const [step, setStep] = useState<Step>(waiting ? stepFor(waiting) : { kind: 'form', error: '' });
  const [phone, setPhone] = useState('');
  const [chosen, setChosen] = useState<Network | null>(null);
  const [busy, setBusy] = useState(false);
  const network = chosen ?? networkOf(phone) ?? 'mtn';
  const networkId = useId();

  function failed(text: string) {
    setStep({ kind: 'form', error: text });
  }

  async function onCharge(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    onCharging();
    try {
      setStep(stepFor(await payMobileMoney(orderId, phone, network)));
    } catch (err) {
      failed(problemText(err) ?? CHARGE_ERROR);
    } finally {
      setBusy(false);
    }
  }

  if (step.kind === 'waiting') {
    return <Waiting payment={step.payment} onPaid={onPaid} onFailed={failed} />;
  }
  if (step.kind === 'code') {
    return (
      <VoucherForm
        payment={step.payment}
        error={step.error}
        onError={(text) => {
          setStep({ ...step, error: text });
        }}
        onAccepted={(p) => {
          setStep(stepFor(p));
        }}
      />
    );
  }
  return (
    <form onSubmit={(e) => void onCharge(e)} className="space-y-3" noValidate>
      <Field
        label="Mobile money number"
        inputMode="tel"
        autoComplete="tel"
        placeholder="024 123 4567"
        value={phone}
        onValueChange={setPhone}
        error={step.error || undefined}
      />
      <div>
        <label htmlFor={networkId} className="mb-1 block font-semibold">
          Network
        </label>
        <select
          id={networkId}
          value={network}
          onChange={(e) => {
            setChosen(e.target.value as Network);
          }}
          className="min-h-tap w-full rounded-control border border-line px-3"
        >
          {NETWORKS.map((n) => (
            <option key={n.code} value={n.code}>
              {n.name}
            </option>
          ))}
        </select>
      </div>
      {testMode && (
        <ul className="text-sm text-muted">
          {TEST_NUMBERS.map((t) => (
            <li key={t.number}>
              <span className="font-mono">{t.number}</span> — {t.outcome}
            </li>
          ))}
        </ul>
      )}
      <Button type="submit" variant="accent" className="w-full text-lg" aria-disabled={busy}>
        {busy ? 'Please wait…' : 'Pay with mobile money'}
      </Button>
    </form>
  );
}

function VoucherForm({
  payment,
  error,
  onError,
  onAccepted,
}: {
  payment: Payment;
  error: string;
  onError: (text: string) => void;
  onAccepted: (p: Payment) => void;
}) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      onAccepted(await submitMobileMoneyCode(payment.payment_reference, code));
    } catch (err) {
      onError(problemText(err) ?? CHARGE_ERROR);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} className="space-y-3" noValidate>
      <h3 className="font-bold">Enter your Telecel Cash voucher</h3>
      <ol className="list-decimal pl-5 text-sm">
        <li>Dial *110# on {payment.mobile_money?.phone}.</li>
        <li>Choose &quot;Generate voucher&quot; and enter your PIN.</li>
        <li>Type the code you receive below.</li>
      </ol>
      <Field
        label="Voucher code"
        inputMode="numeric"
        autoComplete="one-time-code"
        value={code}
        onValueChange={setCode}
        error={error || undefined}
      />
      <Button type="submit" variant="accent" className="w-full" aria-disabled={busy}>
        {busy ? 'Please wait…' : 'Submit code'}
      </Button>
    </form>
  );
}

function Waiting({
  payment,
  onPaid,
  onFailed,
}: {
  payment: Payment;
  onPaid: () => void;
  onFailed: (text: string) => void;
}) {
  const [left, setLeft] = useState(PROMPT_SECONDS);
  const network = networkNamed(payment.mobile_money?.network);

  useEffect(() => {
    const tick = setInterval(() => {
      setLeft((s) => Math.max(0, s - 1));
    }, 1000);
    return () => {
      clearInterval(tick);
    };
  }, []);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const ask = async (round: number) => {
      try {
        await verifyPayment(payment.payment_reference);
        if (!stopped) onPaid();
        return;
      } catch (err) {
        if (stopped) return;
        const text = problemText(err);
        // "Not complete yet", a dropped connection or a 5xx: keep asking.
        if (text !== null && text !== NOT_COMPLETE) {
          onFailed(text);
          return;
        }
      }
      timer = setTimeout(() => void ask(round + 1), POLL_MS[Math.min(round, POLL_MS.length - 1)]);
    };
    timer = setTimeout(() => void ask(1), POLL_MS[0]);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
    // The reference names the charge; the callbacks' identity does not matter here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [payment.payment_reference]);

  const minutes = Math.floor(left / 60);
  const seconds = String(left % 60).padStart(2, '0');
  return (
    <div role="status" className="space-y-2">
      <h3 className="text-lg font-bold">Approve the prompt on your phone</h3>
      <p>
        We sent a payment request to {payment.mobile_money?.phone}
        {network ? ` (${network.name})` : ''}.
      </p>
      {network && <p className="text-sm">{network.approve}</p>}
      <p className="font-semibold">
        {left > 0
          ? `The prompt expires in ${minutes}:${seconds}.`
          : 'Checking whether the payment went through…'}
      </p>
      <p className="text-sm text-muted">
        You can close this page: the order page shows where the payment stands.
      </p>
    </div>
  );
}
