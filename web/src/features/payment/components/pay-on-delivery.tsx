import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { problemText } from '@/lib/api/problem';
import { formatPrice } from '@/lib/money';
import { choosePayOnDelivery, payOnDeliveryOption } from '../api/payments';

export const COD_FAILED = 'Pay on delivery could not be chosen. Please try again.';
export const COD_LOAD_FAILED = 'We could not check whether pay on delivery is available.';

/**
 * The third way to pay (decision 0020): the server says whether this order may be paid on
 * delivery and, when not, why in plain words; choosing it only asks — the server checks again
 * and moves the order to processing unpaid. `onChosen` leaves the page.
 */
export function PayOnDelivery({ orderId, onChosen }: { orderId: string; onChosen: () => void }) {
  const option = useQuery({
    queryKey: ['payment', orderId, 'pay-on-delivery'],
    queryFn: ({ signal }) => payOnDeliveryOption(orderId, signal),
    staleTime: 0,
    retry: false,
  });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  async function choose() {
    if (busy) return;
    setBusy(true);
    setError('');
    try {
      await choosePayOnDelivery(orderId);
      onChosen();
    } catch (e) {
      setError(problemText(e) ?? COD_FAILED);
      setBusy(false);
      void option.refetch();
    }
  }

  if (option.isPending) return <p className="text-muted">Checking pay on delivery…</p>;
  if (option.isError) return <p className="text-muted">{COD_LOAD_FAILED}</p>;
  const { available, reason, amount } = option.data;
  return (
    <div className="space-y-3">
      {available ? (
        <>
          <p>
            Pay <span className="font-bold whitespace-nowrap">{formatPrice(amount)}</span> in cash
            or by mobile money to the rider when your order arrives. Each store&apos;s rider
            collects for its own items.
          </p>
          {error && (
            <p role="alert" className="text-danger-700">
              {error}
            </p>
          )}
          <Button
            variant="secondary"
            className="w-full"
            aria-disabled={busy}
            onClick={() => void choose()}
          >
            {busy ? 'Please wait…' : 'Pay on delivery'}
          </Button>
        </>
      ) : (
        <p className="break-words text-muted">
          <span className="font-semibold text-ink">Not available for this order: </span>
          {error || reason}
        </p>
      )}
    </div>
  );
}
