import { formatPrice } from '@/lib/money';
import type { Facets } from '../api/get-facets';
import { parseOption, setFilter, toggleValue, withoutFilters } from '../list-filters';

interface Chip {
  label: string;
  next: URLSearchParams;
}

/** The chosen filters of an address, each with the address without it. */
export function chipsOf(
  params: URLSearchParams,
  facets: Facets | undefined,
  showStore: boolean,
): Chip[] {
  const chips: Chip[] = [];
  if (showStore) {
    for (const store of params.getAll('store')) {
      if (!store.trim()) continue;
      const name = facets?.stores.find((s) => String(s.id) === store)?.name ?? `Store ${store}`;
      chips.push({ label: name, next: toggleValue(params, 'store', store) });
    }
  }
  for (const brand of params.getAll('brand')) {
    if (brand.trim()) chips.push({ label: brand, next: toggleValue(params, 'brand', brand) });
  }
  for (const option of params.getAll('option')) {
    const o = parseOption(option);
    if (o)
      chips.push({ label: `${o.name}: ${o.value}`, next: toggleValue(params, 'option', option) });
  }
  const gt = params.get('unit_price__gt');
  const lt = params.get('unit_price__lt');
  if (gt || lt) {
    const from = gt ? formatPrice(Math.round((Number(gt) + 0.01) * 100) / 100) : '';
    const to = lt ? formatPrice(Math.round((Number(lt) - 0.01) * 100) / 100) : '';
    const label = from && to ? `${from} – ${to}` : from ? `From ${from}` : `Up to ${to}`;
    chips.push({
      label,
      next: setFilter(setFilter(params, 'unit_price__gt', null), 'unit_price__lt', null),
    });
  }
  const rating = params.get('min_rating');
  if (rating)
    chips.push({ label: `${rating} stars & up`, next: setFilter(params, 'min_rating', null) });
  if (params.get('in_stock'))
    chips.push({ label: 'In stock', next: setFilter(params, 'in_stock', null) });
  if (params.get('on_sale'))
    chips.push({ label: 'On sale', next: setFilter(params, 'on_sale', null) });
  return chips;
}

/** The chosen filters as removable chips, and 'Clear all'. */
export function FilterChips({
  params,
  facets,
  onChange,
  showStore = true,
}: {
  params: URLSearchParams;
  facets: Facets | undefined;
  onChange: (next: URLSearchParams) => void;
  showStore?: boolean;
}) {
  const chips = chipsOf(params, facets, showStore);
  if (chips.length === 0) return null;
  return (
    <ul aria-label="Chosen filters" className="mb-4 flex flex-wrap items-center gap-2">
      {chips.map((chip) => (
        <li key={chip.label}>
          <button
            type="button"
            onClick={() => {
              onChange(chip.next);
            }}
            aria-label={`Remove filter: ${chip.label}`}
            className="flex min-h-tap max-w-full items-center gap-1 rounded-full border border-brand-700 bg-brand-50 px-3 text-sm font-semibold text-brand-800"
          >
            <span className="min-w-0 break-words">{chip.label}</span>
            <span aria-hidden="true">×</span>
          </button>
        </li>
      ))}
      <li>
        <button
          type="button"
          onClick={() => {
            onChange(withoutFilters(params));
          }}
          className="min-h-tap px-2 text-sm font-semibold text-brand-700 underline"
        >
          Clear all
        </button>
      </li>
    </ul>
  );
}
