import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode, type SubmitEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field, FormMessages } from '@/components/ui/field';
import { SavedSwitch, Switch } from '@/components/backoffice/switch';
import { Loaded } from '@/components/backoffice/loaded';
import { ACTION_FAILED, useAction } from '@/components/backoffice/use-action';
import { formatPrice } from '@/lib/money';
import {
  paymentSettingsQueryKey,
  updatePaymentSettings,
  usePaymentSettings,
  type PaymentSettings,
} from '../api/payment-settings';

export const SETTINGS_FAILED = 'Failed to load the payment settings. Please try again.';

/**
 * Staff's switch for pay on delivery and its ceiling (decision 0020). Stores opt in themselves in
 * the Seller Centre; shoppers need a delivered order or a verified phone.
 */
export function PayOnDeliverySettings() {
  return (
    <SettingsSection id="cod-settings" title="Pay on delivery">
      {(settings) => <SettingsForm enabled={settings.cod_enabled} max={settings.cod_max_amount} />}
    </SettingsSection>
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
      <Switch label="Offer pay on delivery" checked={on} onCheckedChange={setOn} />
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
 * (decision 0019), saved at once; staff can always refund. Read by the server at each refund, so
 * it holds at once.
 */
export function StoreRefundSettings() {
  const client = useQueryClient();
  return (
    <SettingsSection id="store-refund-settings" title="Refunds by stores">
      {(settings) => (
        <div className="space-y-3">
          <p className="text-sm text-muted">
            A store refunds at most its own items of an order, less what was already refunded, from
            its Seller Centre orders.
          </p>
          <SavedSwitch
            label="Let stores refund their own orders"
            checked={settings.store_refunds}
            failed={ACTION_FAILED}
            save={async (on) => {
              const saved = await updatePaymentSettings({ store_refunds: on });
              client.setQueryData(paymentSettingsQueryKey, saved);
              return saved.store_refunds
                ? 'Stores may now refund their own part of paid orders.'
                : 'Only staff can refund orders now.';
            }}
          />
        </div>
      )}
    </SettingsSection>
  );
}

/** A titled card of the payment settings, its content made from them once they load. */
function SettingsSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: (settings: PaymentSettings) => ReactNode;
}) {
  const query = usePaymentSettings();
  return (
    <section aria-labelledby={id} className="mt-8 rounded-card bg-white p-4 shadow-card">
      <h2 id={id} className="mb-3 text-xl font-bold">
        {title}
      </h2>
      <Loaded query={query} failed={SETTINGS_FAILED}>
        {children}
      </Loaded>
    </section>
  );
}
