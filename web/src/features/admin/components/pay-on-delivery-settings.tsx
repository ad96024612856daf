import { useState, type SubmitEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field, FormMessages } from '@/components/ui/field';
import { Loaded } from '@/components/backoffice/loaded';
import { useAction } from '@/components/backoffice/use-action';
import { formatPrice } from '@/lib/money';
import {
  paymentSettingsQueryKey,
  updatePaymentSettings,
  usePaymentSettings,
} from '../api/payment-settings';

export const SETTINGS_FAILED = 'Failed to load the payment settings. Please try again.';

/**
 * Staff's switch for pay on delivery and its ceiling (decision 0020). Stores opt in themselves in
 * the Seller Centre; shoppers need a delivered order or a verified phone.
 */
export function PayOnDeliverySettings() {
  const query = usePaymentSettings();
  return (
    <section aria-labelledby="cod-settings" className="mt-8 rounded-card bg-white p-4 shadow-card">
      <h2 id="cod-settings" className="mb-3 text-xl font-bold">
        Pay on delivery
      </h2>
      <Loaded query={query} failed={SETTINGS_FAILED}>
        {(settings) => (
          <SettingsForm enabled={settings.cod_enabled} max={settings.cod_max_amount} />
        )}
      </Loaded>
    </section>
  );
}

/** Starts from the saved switches; a save keeps what was typed (and its message) in view. */
function SettingsForm({ enabled, max }: { enabled: boolean; max: number }) {
  const [on, setOn] = useState(enabled);
  const [ceiling, setCeiling] = useState(String(max));
  const { busy, failure, done, run } = useAction([paymentSettingsQueryKey]);

  function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    void run(
      () => updatePaymentSettings({ cod_enabled: on, cod_max_amount: ceiling.trim() }),
      on
        ? `Pay on delivery is on, for orders up to ${formatPrice(ceiling.trim())}.`
        : 'Pay on delivery is off.',
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <p className="text-sm text-muted">
        Offered only when every store of the order accepts it, the order costs at most the ceiling,
        and the shopper has a delivered order or a verified phone.
      </p>
      <label className="flex min-h-tap items-center gap-3 font-semibold">
        <input
          type="checkbox"
          role="switch"
          checked={on}
          onChange={(e) => {
            setOn(e.target.checked);
          }}
          className="size-5 accent-brand-700"
        />
        Offer pay on delivery
      </label>
      <Field
        label="Highest order total in GH₵"
        inputMode="decimal"
        value={ceiling}
        onValueChange={setCeiling}
      />
      <Button type="submit" aria-disabled={busy} className="w-full sm:w-auto">
        Save
      </Button>
      <FormMessages error={failure} success={done} />
    </form>
  );
}

/**
 * Staff's switch letting store owners refund their own part of paid orders from the Seller Centre
 * (decision 0019); staff can always refund. Read by the server at each refund, so it holds at once.
 */
export function StoreRefundSettings() {
  const query = usePaymentSettings();
  return (
    <section
      aria-labelledby="store-refund-settings"
      className="mt-8 rounded-card bg-white p-4 shadow-card"
    >
      <h2 id="store-refund-settings" className="mb-3 text-xl font-bold">
        Refunds by stores
      </h2>
      <Loaded query={query} failed={SETTINGS_FAILED}>
        {(settings) => <StoreRefundForm allowed={settings.store_refunds} />}
      </Loaded>
    </section>
  );
}

function StoreRefundForm({ allowed }: { allowed: boolean }) {
  const [on, setOn] = useState(allowed);
  const { busy, failure, done, run } = useAction([paymentSettingsQueryKey]);

  function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    void run(
      () => updatePaymentSettings({ store_refunds: on }),
      on
        ? 'Stores may now refund their own part of paid orders.'
        : 'Only staff can refund orders now.',
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <p className="text-sm text-muted">
        A store refunds at most its own items of an order, less what was already refunded, from its
        Seller Centre orders.
      </p>
      <label className="flex min-h-tap items-center gap-3 font-semibold">
        <input
          type="checkbox"
          role="switch"
          checked={on}
          onChange={(e) => {
            setOn(e.target.checked);
          }}
          className="size-5 accent-brand-700"
        />
        Let stores refund their own orders
      </label>
      <Button type="submit" aria-disabled={busy} className="w-full sm:w-auto">
        Save
      </Button>
      <FormMessages error={failure} success={done} />
    </form>
  );
}
