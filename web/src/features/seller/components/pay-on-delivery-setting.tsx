import { useQueryClient } from '@tanstack/react-query';
import { SavedSwitch } from '@/components/backoffice/switch';
import { sellerStoreQueryKey, updateStore } from '../api/store';
import type { SellerStore } from '../api/types';

export const COD_SETTING_FAILED = 'Failed to save the pay on delivery setting.';

/**
 * The store's opt-in to pay on delivery (decision 0020), saved at once. Shoppers are offered it
 * only when every store of their order opted in and staff have the method switched on.
 */
export function PayOnDeliverySetting({ store }: { store: SellerStore }) {
  const client = useQueryClient();
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
      <SavedSwitch
        label="Accept pay on delivery"
        checked={store.accepts_pay_on_delivery ?? false}
        failed={COD_SETTING_FAILED}
        save={async (accepts) => {
          const saved = await updateStore({ accepts_pay_on_delivery: accepts });
          client.setQueryData(sellerStoreQueryKey, saved);
          return saved.accepts_pay_on_delivery
            ? 'Pay on delivery is on for your store.'
            : 'Pay on delivery is off for your store.';
        }}
      />
    </section>
  );
}
