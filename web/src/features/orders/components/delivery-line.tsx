import { useState } from 'react';
import { formatPrice } from '@/lib/money';
import { arrivalText, feeText, hourText } from '../delivery-texts';
import { useProductDelivery, type ProductDelivery } from '../api/delivery';
import { useShopperRegion } from '../api/delivery-region';
import { RegionPicker } from './region-picker';

export const CHOOSE_REGION = 'Choose your region to see delivery fees and dates';
export const DELIVERY_FAILED = 'Delivery fees could not be loaded.';

/**
 * The product page's delivery line (DELIVERY.md): the fee and dates to the shopper's region, and
 * 'Change' to pick another; before any region is known, a prompt to choose one. Loaded after the
 * purchase block, so the page's first JS stays small.
 */
export default function DeliveryLine({ productId }: { productId: number }) {
  const { region, choose } = useShopperRegion();
  const [picking, setPicking] = useState(false);
  const { data, isPending, isError } = useProductDelivery(productId, region);

  let text;
  if (!region) text = <p className="font-semibold">{CHOOSE_REGION}</p>;
  else if (isError) text = <p>{DELIVERY_FAILED}</p>;
  else if (isPending) text = <p className="text-muted">Loading delivery fees…</p>;
  else text = <Quote quote={data} />;

  return (
    <section
      aria-label="Delivery"
      className="flex min-h-tap flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-control border border-line bg-white px-3 py-2"
    >
      <div className="min-w-0 flex-1 basis-48 break-words">{text}</div>
      <button
        type="button"
        onClick={() => {
          setPicking(true);
        }}
        className="inline-flex min-h-tap items-center font-semibold text-brand-700 underline underline-offset-4"
      >
        {region ? 'Change' : 'Choose region'}
      </button>
      {picking && (
        <RegionPicker
          current={region}
          onChoose={choose}
          onClose={() => {
            setPicking(false);
          }}
        />
      )}
    </section>
  );
}

function Quote({ quote }: { quote: ProductDelivery }) {
  if (!quote.available || quote.fee === null || !quote.from || !quote.to) {
    return <p className="font-semibold text-danger-700">{quote.reason}</p>;
  }
  const over = quote.free_delivery_over;
  return (
    <>
      <p>
        <span className="font-semibold">Delivery to {quote.region_name}:</span>{' '}
        <span className="whitespace-nowrap">
          {quote.fee === 0 ? 'Free delivery' : feeText(quote.fee)}
        </span>
        , arrives {arrivalText({ from: quote.from, to: quote.to, same_day: quote.same_day })}
      </p>
      {quote.same_day && quote.same_day_cutoff !== null && (
        <p className="text-sm text-muted">Order before {hourText(quote.same_day_cutoff)}</p>
      )}
      {over !== null && quote.fee > 0 && (
        <p className="text-sm text-muted">
          Free delivery from this store on orders over{' '}
          <span className="whitespace-nowrap">{formatPrice(over)}</span>
        </p>
      )}
    </>
  );
}
