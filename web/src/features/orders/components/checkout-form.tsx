import { Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Loading } from '@/components/ui/loading';
import { lazyPart } from '@/lib/lazy-part';
import { OFFLINE_ORDER, useOnline } from '@/lib/online';
import type { BagLine, Lines } from './delivery-form';
import { OrderTotals } from './order-totals';

// The address picker and delivery choices load when checkout opens: the bag's first JS stays small.
const DeliveryForm = lazyPart(() => import('./delivery-form'));

/**
 * 'Proceed to Checkout' and the delivery form it reveals (spec §2, §4, §5). `blocked` explains
 * why the bag cannot be ordered; `onPlaced` hears of the new order before the page moves to it
 * (the route marks the shown products stale: the order took stock).
 */
export function CheckoutForm({
  blocked,
  onPlaced,
  lines,
  bag,
}: {
  blocked: string | null;
  onPlaced: () => void;
  lines: Lines;
  bag: readonly BagLine[];
}) {
  const [open, setOpen] = useState(false);
  const online = useOnline();
  if (open) {
    return (
      <Suspense fallback={<Loading>Loading checkout…</Loading>}>
        <DeliveryForm blocked={blocked} onPlaced={onPlaced} lines={lines} bag={bag} />
      </Suspense>
    );
  }
  return (
    <>
      <OrderTotals count={lines.count} items={lines.total} delivery={null} />
      {blocked && <p className="text-sm font-semibold text-danger-700">{blocked}</p>}
      {!online && <p className="text-sm font-semibold text-danger-700">{OFFLINE_ORDER}</p>}
      <Button
        className="w-full"
        disabled={blocked !== null || !online}
        onClick={() => {
          setOpen(true);
        }}
      >
        Proceed to Checkout
      </Button>
    </>
  );
}
