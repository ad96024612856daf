import { useState, type SubmitEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { FormMessages } from '@/components/ui/field';
import { useAttemptKey } from '@/lib/attempt-key';
import { emit } from '@/lib/events';
import { useMe } from '@/lib/auth/me';
import { useDebounced } from '@/lib/use-debounced';
import { toPesewas } from '@/lib/money';
import { OFFLINE_ORDER, isOnline, useOnline } from '@/lib/online';
import type { Region } from '@/lib/regions';
import {
  useDeliveryQuote,
  usePickupPoints,
  type DeliveryChoice as PartChoice,
} from '../api/delivery';
import { DeliveryParts } from './delivery-parts';
import { OrderTotals } from './order-totals';
import { addressErrors } from '../api/addresses';
import type { AddressFieldErrors } from './address-fields';
import { DeliveryPicker, deliveryBody, destination, useDelivery } from './delivery-picker';
import { orderFailure, placeOrder, type OrderBody } from '../api/place-order';

const REQUIRED = 'Shipping address and contact number are required.';
const NEEDS_REGION = 'Choose the region';
const QUOTE_FAILED = 'Could not be calculated';

/** What is ordered, for the sums before the server has quoted: pieces and their price in pesewas. */
export interface Lines {
  count: number;
  total: number;
}

/** A line of the bag as its quote depends on it. */
export interface BagLine {
  store: number | null;
  product: number;
  quantity: number;
}

/**
 * The delivery address (a saved one or a new one, decision 0023), how each store part comes
 * (door, pickup station or the store's shop) with its fee and dates, the sums, and 'Place Order'.
 * Each submission is one attempt with its own Idempotency-Key: a double tap or a retry over a
 * flaky network gets the first order back, never a second one. `items` orders those lines
 * instead of the bag (Buy Now); `bag` names the bag's lines, so a changed bag is quoted again and
 * a store no longer in it loses its choice.
 */
export default function DeliveryForm({
  blocked,
  onPlaced,
  lines,
  items,
  bag = [],
}: {
  blocked: string | null;
  onPlaced: () => void;
  lines: Lines;
  items?: { product_id: number; quantity: number; variant_id?: number }[];
  bag?: readonly BagLine[];
}) {
  const navigate = useNavigate();
  const attemptKey = useAttemptKey();
  const delivery = useDelivery(useMe().data?.phone);
  const where = destination(delivery);
  // A town being typed is quoted once the typing pauses.
  const typed = useDebounced(where?.city ?? '', 400);
  const to = where && { ...where, city: delivery.choice.kind === 'new' ? typed : where.city };
  const [picked, setPicked] = useState<{ region: Region; choices: PartChoice[] } | null>(null);
  // Pickup stations are the region's: another region starts from door delivery again.
  const choices = (picked && picked.region === to?.region ? picked.choices : []).filter(
    (c) => items || bag.some((line) => line.store === c.store),
  );
  const quote = useDeliveryQuote(
    to && { region: to.region, city: to.city, ...(items && { items }), choices },
    bag,
  );
  const points = usePickupPoints(to?.region ?? null).data ?? [];
  const quoted = to ? quote.data : undefined;
  const parts = quoted?.parts;
  const unavailable = parts?.find((part) => !part.available)?.reason ?? null;
  const stopped = blocked ?? unavailable;
  const [fieldErrors, setFieldErrors] = useState<AddressFieldErrors>({});
  const [busy, setBusy] = useState(false);
  const online = useOnline();
  const [error, setError] = useState('');

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || stopped || delivery.isPending) return;
    // The button is disabled offline (the form says why), but Buy Now submits the form itself.
    if (!isOnline()) return;
    const checked = deliveryBody(delivery.choice, delivery.full);
    if (!checked.ok) {
      setFieldErrors(checked.errors);
      setError(REQUIRED);
      return;
    }
    const body: OrderBody = {
      ...checked.body,
      ...(items && { items }),
      ...(choices.length > 0 && { delivery: choices }),
    };
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
      {parts && (
        <section aria-labelledby="delivery-parts" className="space-y-2">
          <h3 id="delivery-parts" className="text-lg font-bold">
            Delivery options
          </h3>
          <DeliveryParts
            parts={parts}
            points={points}
            choices={choices}
            onChoose={(store, choice) => {
              const others = choices.filter((c) => c.store !== store);
              if (to)
                setPicked({ region: to.region, choices: choice ? [...others, choice] : others });
            }}
          />
        </section>
      )}
      <OrderTotals
        count={lines.count}
        items={(quoted && toPesewas(quoted.items_total)) ?? lines.total}
        delivery={(quoted && toPesewas(quoted.delivery_total)) ?? null}
        total={(quoted && toPesewas(quoted.total)) ?? undefined}
        pending={!to ? NEEDS_REGION : quote.isError ? QUOTE_FAILED : 'Calculating…'}
      />
      {stopped && <p className="text-sm font-semibold text-danger-700">{stopped}</p>}
      {!online && <p className="text-sm font-semibold text-danger-700">{OFFLINE_ORDER}</p>}
      <FormMessages error={error} />
      <Button type="submit" className="w-full" disabled={busy || stopped !== null || !online}>
        {busy ? 'Placing Order…' : 'Place Order'}
      </Button>
    </form>
  );
}
