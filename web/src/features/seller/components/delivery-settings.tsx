import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type SubmitEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field, FormMessages, SelectField } from '@/components/ui/field';
import { RegionField } from '@/components/backoffice/region-field';
import { useFormSave } from '@/components/backoffice/use-form-save';
import type { Region } from '@/lib/regions';
import { sellerStoreQueryKey, updateStore } from '../api/store';
import type { SellerStore } from '../api/types';

export const DELIVERY_SAVE_FAILED = 'Failed to save the delivery settings.';
export const DELIVERY_SAVED = 'Delivery settings saved.';

const FIELDS = [
  'ship_from_region',
  'ship_from_city',
  'free_delivery_over',
  'same_day_cutoff',
  'store_pickup',
] as const;

/** The cut-off hours offered: '' is no same-day delivery. */
const HOURS = Array.from({ length: 23 }, (_, i) => i + 1);

interface Draft {
  ship_from_region: string;
  ship_from_city: string;
  free_delivery_over: string;
  same_day_cutoff: string;
  store_pickup: boolean;
}

function toDraft(store: SellerStore): Draft {
  return {
    ship_from_region: store.ship_from_region ?? '',
    ship_from_city: store.ship_from_city ?? '',
    free_delivery_over:
      store.free_delivery_over === null || store.free_delivery_over === undefined
        ? ''
        : String(store.free_delivery_over),
    same_day_cutoff:
      store.same_day_cutoff === null || store.same_day_cutoff === undefined
        ? ''
        : String(store.same_day_cutoff),
    store_pickup: store.store_pickup ?? false,
  };
}

/**
 * Where the store ships from and what it offers on top of the mall's delivery zones (decision
 * 0024): free delivery above an amount, same-day delivery in its own city before a cut-off hour,
 * and collection at its shop. Saved with the store's profile endpoint.
 */
export function DeliverySettings({ store }: { store: SellerStore }) {
  const client = useQueryClient();
  const pickupErrorId = useId();
  const [draft, setDraft] = useState(() => toDraft(store));
  const { form, busy, errors, formError, success, setSuccess, save } = useFormSave(
    FIELDS,
    DELIVERY_SAVE_FAILED,
  );
  const set = (field: Exclude<keyof Draft, 'store_pickup'>) => (value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setSuccess('');
  };

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const over = draft.free_delivery_over.trim();
    // The amount goes as typed: the server reads cedis ('1000', 'GH₵ 1,000') and says what is wrong.
    const body = {
      ship_from_region: draft.ship_from_region as Region | '',
      ship_from_city: draft.ship_from_city.trim(),
      free_delivery_over: over === '' ? null : over,
      same_day_cutoff: draft.same_day_cutoff === '' ? null : Number(draft.same_day_cutoff),
      store_pickup: draft.store_pickup,
    };
    await save(
      () => updateStore(body),
      (saved) => {
        client.setQueryData(sellerStoreQueryKey, saved);
        setDraft(toDraft(saved));
        return DELIVERY_SAVED;
      },
    );
  }

  return (
    <form
      ref={form}
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      aria-labelledby="delivery-settings"
      className="mt-6 max-w-2xl space-y-4 rounded-card bg-white p-4 shadow-card sm:p-6"
    >
      <h2 id="delivery-settings" className="text-xl font-bold">
        Delivery
      </h2>
      <p className="text-sm text-muted">
        The mall sets the delivery fee and dates of each region; these settings are your own offers
        on top.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <RegionField
          label="Ships from region"
          empty="Not set"
          value={draft.ship_from_region}
          onValueChange={set('ship_from_region')}
          error={errors.ship_from_region}
        />
        <Field
          label="Ships from city or town"
          value={draft.ship_from_city}
          onValueChange={set('ship_from_city')}
          maxLength={80}
          autoComplete="address-level2"
          error={errors.ship_from_city}
        />
      </div>
      <Field
        label="Free delivery over GH₵ (optional)"
        hint="Your part of an order costing this much or more is delivered free. Leave empty for never."
        inputMode="decimal"
        value={draft.free_delivery_over}
        onValueChange={set('free_delivery_over')}
        error={errors.free_delivery_over}
      />
      <SelectField
        label="Same-day delivery (optional)"
        hint="In your own city, for orders placed before this hour on a working day."
        value={draft.same_day_cutoff}
        onValueChange={set('same_day_cutoff')}
        error={errors.same_day_cutoff}
      >
        <option value="">No same-day delivery</option>
        {HOURS.map((hour) => (
          <option key={hour} value={hour}>
            Orders before {String(hour).padStart(2, '0')}:00
          </option>
        ))}
      </SelectField>
      <div>
        <label className="flex min-h-tap items-center gap-3 font-semibold">
          <input
            type="checkbox"
            checked={draft.store_pickup}
            aria-invalid={errors.store_pickup ? true : undefined}
            aria-describedby={errors.store_pickup ? pickupErrorId : undefined}
            onChange={(e) => {
              setDraft((d) => ({ ...d, store_pickup: e.target.checked }));
              setSuccess('');
            }}
            className="size-5 accent-brand-700"
          />
          Customers may collect from my shop
        </label>
        <p className="text-sm text-muted">Free, at the address of your store profile.</p>
        {errors.store_pickup && (
          <p id={pickupErrorId} className="mt-1 text-sm font-semibold text-danger-700">
            {errors.store_pickup}
          </p>
        )}
      </div>
      <FormMessages error={formError} success={success} />
      <Button type="submit" aria-disabled={busy}>
        {busy ? 'Saving…' : 'Save delivery settings'}
      </Button>
    </form>
  );
}
