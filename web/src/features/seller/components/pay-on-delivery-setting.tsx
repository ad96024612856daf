import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormMessages } from '@/components/ui/field';
import { problemText } from '@/lib/api/problem';
import { sellerStoreQueryKey, updateStore } from '../api/store';
import type { SellerStore } from '../api/types';

export const COD_SETTING_FAILED = 'Failed to save the pay on delivery setting.';

/**
 * The store's opt-in to pay on delivery (decision 0020), saved at once. Shoppers are offered it
 * only when every store of their order opted in and staff have the method switched on.
 */
export function PayOnDeliverySetting({ store }: { store: SellerStore }) {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  // The asked-for state shows at once (a slow connection must not leave the switch looking stuck);
  // the saved one replaces it, or a failure puts the old one back.
  const [asked, setAsked] = useState<boolean | null>(null);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');

  async function change(accepts: boolean) {
    if (busy) return;
    setBusy(true);
    setAsked(accepts);
    setError('');
    setDone('');
    try {
      const saved = await updateStore({ accepts_pay_on_delivery: accepts });
      client.setQueryData(sellerStoreQueryKey, saved);
      setDone(
        saved.accepts_pay_on_delivery
          ? 'Pay on delivery is on for your store.'
          : 'Pay on delivery is off for your store.',
      );
    } catch (e) {
      setError(problemText(e) ?? COD_SETTING_FAILED);
    } finally {
      setAsked(null);
      setBusy(false);
    }
  }

  return (
    <section
      aria-labelledby="cod-setting"
      className="mt-6 space-y-3 rounded-card bg-white p-4 shadow-card sm:p-6"
    >
      <h2 id="cod-setting" className="text-xl font-bold">
        Pay on delivery
      </h2>
      <p className="text-sm text-muted">
        Let shoppers pay your rider in cash or by mobile money when the order arrives. You mark each
        such order &quot;paid on delivery&quot; when you hand it over, or cancel it with a reason if
        it cannot be delivered.
      </p>
      <label className="flex min-h-tap items-center gap-3 font-semibold">
        <input
          type="checkbox"
          role="switch"
          checked={asked ?? store.accepts_pay_on_delivery ?? false}
          aria-disabled={busy}
          onChange={(e) => void change(e.target.checked)}
          className="size-5 accent-brand-700"
        />
        Accept pay on delivery
      </label>
      <FormMessages error={error} success={done} />
    </section>
  );
}
