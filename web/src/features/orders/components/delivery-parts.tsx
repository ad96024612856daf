import { useId } from 'react';
import { SelectField } from '@/components/ui/field';
import type { DeliveryChoice, PickupPoint, QuotePart } from '../api/delivery';
import { formatDay } from '@/lib/delivery-dates';
import { arrivalText, feeText } from '../delivery-texts';

/** Lines of products without a store (none in the demo) are the mall's own. */
export const NO_STORE = 'Dwa';

/**
 * Each store part of a quote: how it reaches the shopper — to the door, at one of the region's
 * pickup stations, or collected from the store's own shop when it offers that — and what that
 * costs and when. A part the store cannot deliver says why.
 */
export function DeliveryParts({
  parts,
  points,
  choices,
  onChoose,
}: {
  parts: readonly QuotePart[];
  points: readonly PickupPoint[];
  /** The shopper's choices; a store not named gets door delivery. */
  choices: readonly DeliveryChoice[];
  onChoose: (store: number, choice: DeliveryChoice | null) => void;
}) {
  return (
    <div className="space-y-3">
      {parts.map((part) => (
        <Part
          key={part.store?.id ?? 0}
          part={part}
          points={points}
          choice={choices.find((c) => c.store === part.store?.id)}
          onChoose={(choice) => {
            if (part.store) onChoose(part.store.id, choice);
          }}
        />
      ))}
    </div>
  );
}

function Part({
  part,
  points,
  choice,
  onChoose,
}: {
  part: QuotePart;
  points: readonly PickupPoint[];
  choice: DeliveryChoice | undefined;
  onChoose: (choice: DeliveryChoice | null) => void;
}) {
  const name = useId();
  const store = part.store;
  const method = !choice ? 'door' : choice.pickup_point !== undefined ? 'pickup' : 'store';
  const first = points[0];
  return (
    <fieldset className="min-w-0 space-y-2 rounded-control border border-line p-3">
      <legend className="px-1 font-bold break-words">From {store?.name ?? NO_STORE}</legend>
      {store && (first || part.store_pickup_available) && (
        <div className="space-y-1">
          <Method
            name={name}
            checked={method === 'door'}
            onCheck={() => {
              onChoose(null);
            }}
          >
            Delivery to your door
          </Method>
          {first && (
            <Method
              name={name}
              checked={method === 'pickup'}
              onCheck={() => {
                onChoose({ store: store.id, pickup_point: first.id });
              }}
            >
              A pickup station
            </Method>
          )}
          {choice?.pickup_point !== undefined && (
            <SelectField
              label="Pickup station"
              value={String(choice.pickup_point)}
              onValueChange={(id) => {
                onChoose({ store: store.id, pickup_point: Number(id) });
              }}
            >
              {points.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}, {p.city} ({feeText(p.fee)})
                </option>
              ))}
            </SelectField>
          )}
          {part.store_pickup_available && (
            <Method
              name={name}
              checked={method === 'store'}
              onCheck={() => {
                onChoose({ store: store.id, store_pickup: true });
              }}
            >
              Collect from the store&apos;s shop
              {part.store_address && (
                <span className="block text-sm font-normal text-muted">{part.store_address}</span>
              )}
            </Method>
          )}
        </div>
      )}
      <PartPromise part={part} />
    </fieldset>
  );
}

function Method({
  name,
  checked,
  onCheck,
  children,
}: {
  name: string;
  checked: boolean;
  onCheck: () => void;
  children: React.ReactNode;
}) {
  return (
    <label className="flex min-h-tap cursor-pointer items-start gap-3 py-1">
      <input
        type="radio"
        name={name}
        className="mt-1 shrink-0"
        checked={checked}
        onChange={onCheck}
      />
      <span className="min-w-0 font-semibold break-words">{children}</span>
    </label>
  );
}

/** What the part's delivery costs and when it comes, or why it cannot. */
function PartPromise({ part }: { part: QuotePart }) {
  if (!part.available || part.fee === null || !part.from || !part.to) {
    return <p className="font-semibold text-danger-700">{part.reason}</p>;
  }
  const fee = <span className="whitespace-nowrap">{feeText(part.fee)}</span>;
  if (part.method === 'door') {
    return (
      <p>
        Delivery: {fee} · arrives{' '}
        {arrivalText({ from: part.from, to: part.to, same_day: part.same_day })}
      </p>
    );
  }
  const where = part.method === 'pickup' ? part.pickup_point : null;
  return (
    <div>
      <p>
        {where ? 'Pickup' : 'Collection'}: {fee} · ready from {formatDay(part.from)}
      </p>
      {where && (
        <p className="text-sm break-words text-muted">
          {where.name}, {where.address}, {where.city}
          {where.hours && <span className="block">Open {where.hours}</span>}
        </p>
      )}
    </div>
  );
}
