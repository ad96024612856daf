import type { components } from '@/lib/api/schema';
import { formatDay } from '@/lib/delivery-dates';
import { formatPrice } from '@/lib/money';

type PartDelivery = components['schemas']['PartDelivery'];

/** How the store's part travels and by when it was promised, as the order card's detail. */
export function PartDeliveryText({ delivery }: { delivery: PartDelivery }) {
  const fee = delivery.fee === 0 ? 'free' : `fee ${formatPrice(delivery.fee)}`;
  const station = delivery.pickup_point;
  if (delivery.method === 'pickup' && station) {
    return (
      <>
        <span className="block break-words">
          Pickup at {station.name}, {station.address}, {station.city}
        </span>
        <span className="block text-sm font-normal text-muted">
          Ready by {formatDay(delivery.to)} · {fee}
        </span>
      </>
    );
  }
  if (delivery.method === 'store') {
    return (
      <>
        <span className="block">Collected at your shop</span>
        <span className="block text-sm font-normal text-muted">
          Ready from {formatDay(delivery.from)}
        </span>
      </>
    );
  }
  return (
    <>
      <span className="block">
        {delivery.same_day ? 'Same-day delivery' : 'Door delivery'}: arrives by{' '}
        {formatDay(delivery.to)}
      </span>
      <span className="block text-sm font-normal text-muted">Delivery {fee}</span>
    </>
  );
}

/** The flag of a part still on its way after its promised date. */
export function LateFlag({ to }: { to: string }) {
  return (
    <span className="inline-flex rounded-pill bg-danger-50 px-2.5 py-0.5 text-sm font-semibold text-danger-700">
      Late — promised by {formatDay(to)}
    </span>
  );
}
