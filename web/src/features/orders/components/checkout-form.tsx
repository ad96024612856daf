import { useState, type SubmitEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Field, FormMessages } from '@/components/ui/field';
import { useAttemptKey } from '@/lib/attempt-key';
import { useMe } from '@/lib/auth/me';
import { localPhone } from '@/lib/phone';
import { emit } from '@/lib/events';
import { orderFailure, placeOrder } from '../api/place-order';

export const REQUIRED = 'Shipping address and contact number are required.';
export const PHONE_HINT = 'A Ghana number, e.g. 024 123 4567 or +233 24 123 4567.';

/**
 * 'Proceed to Checkout' and the shipping form it reveals (spec §2, §4, §5). Each submission is
 * one attempt with its own Idempotency-Key: a double tap or a retry over a flaky network gets
 * the first order back, never a second one. `blocked` explains why the bag cannot be ordered;
 * `onPlaced` hears of the new order before the page moves to it (the route marks the shown
 * products stale: the order took stock).
 */
export function CheckoutForm({
  blocked,
  onPlaced,
}: {
  blocked: string | null;
  onPlaced: () => void;
}) {
  const navigate = useNavigate();
  const attemptKey = useAttemptKey();
  const [open, setOpen] = useState(false);
  const [address, setAddress] = useState('');
  // The verified phone number is the contact number until the shopper types another.
  const [typedContact, setContact] = useState<string | null>(null);
  const verified = useMe({ enabled: open }).data?.phone;
  const contact = typedContact ?? (verified ? localPhone(verified) : '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  /** A field's new value; what was said about the old values no longer holds. */
  function edit(set: (value: string) => void) {
    return (value: string) => {
      set(value);
      setError('');
    };
  }

  if (!open) {
    return (
      <>
        {blocked && <p className="text-sm font-semibold text-danger-700">{blocked}</p>}
        <Button
          className="w-full"
          disabled={blocked !== null}
          onClick={() => {
            setOpen(true);
          }}
        >
          Proceed to Checkout
        </Button>
      </>
    );
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || blocked) return;
    const details = { shipping_address: address.trim(), contact_info: contact.trim() };
    if (details.shipping_address === '' || details.contact_info === '') {
      setError(REQUIRED);
      return;
    }
    setBusy(true);
    setError('');
    try {
      const order = await placeOrder(details, attemptKey(details));
      onPlaced();
      emit('cartUpdated');
      void navigate(`/order/${order.id}`);
    } catch (e) {
      setError(orderFailure(e));
      setBusy(false);
    }
  }

  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      aria-label="Shipping details"
      className="space-y-3"
    >
      <Field
        label="Shipping Address"
        value={address}
        onValueChange={edit(setAddress)}
        autoComplete="street-address"
        maxLength={300}
      />
      <Field
        label="Contact Number"
        type="tel"
        inputMode="tel"
        hint={PHONE_HINT}
        value={contact}
        onValueChange={edit(setContact)}
        autoComplete="tel"
        maxLength={32}
      />
      {blocked && <p className="text-sm font-semibold text-danger-700">{blocked}</p>}
      <FormMessages error={error} />
      <Button type="submit" className="w-full" disabled={busy || blocked !== null}>
        {busy ? 'Placing Order…' : 'Place Order'}
      </Button>
    </form>
  );
}
