import { useQueryClient } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field, FormMessages, SelectField } from '@/components/ui/field';
import { Loaded } from '@/components/backoffice/loaded';
import { useAction } from '@/components/backoffice/use-action';
import { useAdminCategories } from '../api/catalogue';
import {
  clearCommissionRate,
  commissionRatesQueryKey,
  setCommissionRate,
  useCommissionRates,
  type CommissionRates,
  type RateTarget,
} from '../api/payouts';
import { useAdminStores } from '../api/stores';
import { formatRate, toBps } from './payout-settings';

export const RATES_FAILED = 'Failed to load the commission rates. Please try again.';

/**
 * The commission of an item: its store's rate, else its category's (the deepest with one), else
 * the default (set with the payout settings). Staff set and remove the overrides here.
 */
export function CommissionRatesSection() {
  const query = useCommissionRates();
  return (
    <section
      aria-labelledby="rates-heading"
      className="mt-8 rounded-card bg-white p-4 shadow-card sm:p-6"
    >
      <h2 id="rates-heading" className="mb-1 text-xl font-bold">
        Commission rates
      </h2>
      <Loaded query={query} failed={RATES_FAILED}>
        {(rates) => (
          <>
            <p className="mb-4 text-sm text-muted">
              Default {formatRate(rates.default_bps)} (change it under payout settings). A store's
              rate wins over its items' categories; new rates apply to sales paid from now on.
            </p>
            <Overrides target="categories" rates={rates} />
            <Overrides target="stores" rates={rates} />
          </>
        )}
      </Loaded>
    </section>
  );
}

const WORDS: Record<RateTarget, { title: string; one: string; choose: string }> = {
  categories: { title: 'By category', one: 'Category', choose: 'Choose a category' },
  stores: { title: 'By store', one: 'Store', choose: 'Choose a store' },
};

function Overrides({ target, rates }: { target: RateTarget; rates: CommissionRates }) {
  const client = useQueryClient();
  const { busy, failure, done, run, refuse } = useAction([]);
  const [id, setId] = useState('');
  const [rate, setRate] = useState('');
  const words = WORDS[target];
  const rows =
    target === 'categories'
      ? rates.categories.map((c) => ({ id: c.category, name: c.name, bps: c.rate_bps }))
      : rates.stores.map((s) => ({ id: s.store, name: s.name, bps: s.rate_bps }));

  // Each change answers every rate: the list is replaced by the answer, not read again.
  async function change(send: () => Promise<CommissionRates>, message: string) {
    return run(async () => {
      client.setQueryData(commissionRatesQueryKey, await send());
    }, message);
  }

  function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const bps = toBps(rate);
    if (id === '') {
      refuse(`${words.choose}.`);
      return;
    }
    if (bps === null) {
      refuse('Type the rate as a percentage from 0 to 100, like 12.5.');
      return;
    }
    void change(
      () => setCommissionRate(target, Number(id), bps),
      `Rate of ${formatRate(bps)} set.`,
    ).then((ok) => {
      if (ok) {
        setId('');
        setRate('');
      }
    });
  }

  return (
    <div className="mt-4">
      <h3 className="mb-2 text-lg font-bold">{words.title}</h3>
      {rows.length === 0 ? (
        <p className="text-sm text-muted">
          No {target === 'categories' ? 'category' : 'store'} has its own rate.
        </p>
      ) : (
        <ul aria-label={`Rates ${words.title.toLowerCase()}`} className="divide-y divide-line">
          {rows.map((row) => (
            <li key={row.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="min-w-0 break-words">
                {row.name}: <strong>{formatRate(row.bps)}</strong>
              </span>
              <Button
                variant="secondary"
                aria-disabled={busy}
                onClick={() =>
                  void change(
                    () => clearCommissionRate(target, row.id),
                    `${row.name} is back to the usual rate.`,
                  )
                }
              >
                Remove {row.name}'s rate
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form
        onSubmit={submit}
        noValidate
        className="mt-3 grid gap-3 sm:grid-cols-[2fr_1fr_auto] sm:items-end"
      >
        {target === 'categories' ? (
          <CategoryChoice value={id} onValueChange={setId} />
        ) : (
          <StoreChoice value={id} onValueChange={setId} />
        )}
        <Field
          label={`${words.one} rate (%)`}
          inputMode="decimal"
          value={rate}
          onValueChange={setRate}
        />
        <Button type="submit" aria-disabled={busy}>
          Set rate
        </Button>
      </form>
      <FormMessages error={failure} success={done} />
    </div>
  );
}

function CategoryChoice({
  value,
  onValueChange,
}: {
  value: string;
  onValueChange: (v: string) => void;
}) {
  const categories = useAdminCategories();
  const byId = new Map(categories.data?.map((c) => [c.id, c]));
  // 'Gaming › Consoles › X-Box': a category's place in the tree, for same-named subcategories.
  const path = (id: number | null): string => {
    const c = id === null ? undefined : byId.get(id);
    return c ? (c.parent === null ? c.name : `${path(c.parent)} › ${c.name}`) : '';
  };
  const options = (categories.data ?? [])
    .map((c) => ({ id: c.id, name: path(c.id) }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return (
    <SelectField
      label="Category"
      value={value}
      onValueChange={onValueChange}
      disabled={categories.isPending}
      error={categories.isError ? 'Failed to load the categories.' : undefined}
    >
      <option value="">Choose a category</option>
      {options.map((c) => (
        <option key={c.id} value={c.id}>
          {c.name}
        </option>
      ))}
    </SelectField>
  );
}

function StoreChoice({
  value,
  onValueChange,
}: {
  value: string;
  onValueChange: (v: string) => void;
}) {
  const stores = useAdminStores('', 'all');
  return (
    <SelectField
      label="Store"
      value={value}
      onValueChange={onValueChange}
      disabled={stores.isPending}
      error={stores.isError ? 'Failed to load the stores.' : undefined}
    >
      <option value="">Choose a store</option>
      {stores.data?.map((s) => (
        <option key={s.id} value={s.id}>
          {s.name}
        </option>
      ))}
    </SelectField>
  );
}
