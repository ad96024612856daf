import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { waitingMobileMoney } from '../api/payments';
import { networkNamed } from '../networks';

/**
 * Where a pending order's payment stands, for the order page: a mobile money charge waiting for
 * approval is named (a closed tab or a dropped connection does not lose it); Pay Now follows it.
 * When a charge it showed stops waiting (approved, declined or timed out), `onSettled` runs so
 * the page reads the order again.
 */
export function PaymentStanding({
  orderId,
  onSettled,
}: {
  orderId: string;
  onSettled: () => void;
}) {
  const waiting = useQuery({
    queryKey: ['payment', orderId, 'waiting'],
    queryFn: () => waitingMobileMoney(orderId),
    // Asked again only while a charge waits (to see it settled); an order without one, the
    // usual pending order, costs one request.
    refetchInterval: (query) => (query.state.data ? 10_000 : false),
  });
  const charge = waiting.data?.mobile_money;
  const showed = useRef(false);
  useEffect(() => {
    if (charge) showed.current = true;
    else if (showed.current && waiting.isSuccess) {
      showed.current = false;
      onSettled();
    }
  }, [charge, waiting.isSuccess, onSettled]);
  if (!charge) return null;
  const network = networkNamed(charge.network)?.name ?? 'mobile money';
  return (
    <p role="status" className="rounded-control bg-brand-50 p-3 font-semibold text-brand-800">
      {charge.state === 'send_otp'
        ? `A ${network} payment from ${charge.phone} is waiting for its voucher code.`
        : `A ${network} payment from ${charge.phone} is waiting for approval on the phone.`}
    </p>
  );
}
