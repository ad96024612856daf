import { useState, type SubmitEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { FormMessages } from '@/components/ui/field';
import { useAttemptKey } from '@/lib/attempt-key';
import { emit } from '@/lib/events';
import { useMe } from '@/lib/auth/me';
import { addressErrors } from '../api/addresses';
import type { AddressFieldErrors } from './address-fields';
import { DeliveryPicker, deliveryBody, useDelivery } from './delivery-picker';
import { orderFailure, placeOrder, type OrderBody } from '../api/place-order';

export const REQUIRED = 'Shipping address and contact number are required.';

/**
 * 'Proceed to Checkout' and the delivery form it reveals (spec §2, §4, §5). `blocked` explains
 * why the bag cannot be ordered; `onPlaced` hears of the new order before the page moves to it
 * (the route marks the shown products stale: the order took stock).
 */
export function CheckoutForm({
  blocked,
  onPlaced,
}: {
  blocked: string | null;
  onPlaced: () => void;
}) {
  const [open, setOpen] = useState(false);
  if (open) return <DeliveryForm blocked={blocked} onPlaced={onPlaced} />;
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

/**
 * The delivery address (a saved one or a new one, decision 0023) and 'Place Order'. Each
 * submission is one attempt with its own Idempotency-Key: a double tap or a retry over a flaky
 * network gets the first order back, never a second one. `items` orders those lines instead of
 * the bag (Buy Now).
 */
export function DeliveryForm({
  blocked,
  onPlaced,
  items,
}: {
  blocked: string | null;
  onPlaced: () => void;
  items?: OrderBody['items'];
}) {
  const navigate = useNavigate();
  const attemptKey = useAttemptKey();
  const delivery = useDelivery(useMe().data?.phone);
  const [fieldErrors, setFieldErrors] = useState<AddressFieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || blocked || delivery.isPending) return;
    const checked = deliveryBody(delivery.choice, delivery.full);
    if (!checked.ok) {
      setFieldErrors(checked.errors);
      setError(REQUIRED);
      return;
    }
    const body: OrderBody = items ? { ...checked.body, items } : checked.body;
    setBusy(true);
    setError('');
    setFieldErrors({});
    try {
      const order = await placeOrder(body, attemptKey(body));
      onPlaced();
      emit('cartUpdated');
      void navigate(`/order/${order.id}`);
    } catch (e) {
      setFieldErrors(addressErrors(e, 'address.'));
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
      <DeliveryPicker
        state={delivery}
        errors={fieldErrors}
        onChange={(next) => {
          delivery.setChoice(next);
          setError('');
          setFieldErrors({});
        }}
      />
      {blocked && <p className="text-sm font-semibold text-danger-700">{blocked}</p>}
      <FormMessages error={error} />
      <Button type="submit" className="w-full" disabled={busy || blocked !== null}>
        {busy ? 'Placing Order…' : 'Place Order'}
      </Button>
    </form>
  );
}
