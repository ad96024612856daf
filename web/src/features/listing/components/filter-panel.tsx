import { useId, useState, type ReactNode, type SyntheticEvent } from 'react';
import { Button } from '@/components/ui/button';
import { formatPrice } from '@/lib/money';
import type { Facets } from '../api/get-facets';
import { chosenOptions, optionKey, optionParam, setFilter, toggleValue } from '../list-filters';

/** The rating choices: at least this many stars (verified average). */
export const RATING_CHOICES = [4, 3, 2, 1] as const;

/**
 * The filters of a product list, each value with how many products it would show (the facets
 * count each filter with every other one applied). Every change is a new address: `onChange`
 * gets it.
 */
export function FilterPanel({
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
  const chosenBrands = new Set(params.getAll('brand').map((b) => b.toLowerCase()));
  const chosenStores = new Set(params.getAll('store'));
  const chosenOpts = chosenOptions(params);
  const rating = params.get('min_rating') ?? '';
  return (
    <div className="flex flex-col gap-5">
      <PriceRange
        // Typed prices start over when the address changes (back button, a chip removed).
        key={`${params.get('unit_price__gt') ?? ''}|${params.get('unit_price__lt') ?? ''}`}
        params={params}
        facets={facets}
        onChange={onChange}
      />
      {showStore && facets && facets.stores.length > 0 && (
        <Group legend="Store">
          {facets.stores.map((s) => (
            <Choice
              key={s.id}
              type="checkbox"
              label={s.name}
              count={s.count}
              checked={chosenStores.has(String(s.id))}
              onChange={() => {
                onChange(toggleValue(params, 'store', String(s.id)));
              }}
            />
          ))}
        </Group>
      )}
      {facets && facets.brands.length > 0 && (
        <Group legend="Brand">
          {facets.brands.map((b) => (
            <Choice
              key={b.name}
              type="checkbox"
              label={b.name}
              count={b.count}
              checked={chosenBrands.has(b.name.toLowerCase())}
              onChange={() => {
                onChange(toggleValue(params, 'brand', b.name));
              }}
            />
          ))}
        </Group>
      )}
      {facets?.options.map((o) => (
        <Group key={o.name} legend={o.name}>
          {o.values.map((v) => {
            const param = optionParam(o.name, v.value);
            return (
              <Choice
                key={v.value}
                type="checkbox"
                label={v.value}
                count={v.count}
                checked={chosenOpts.has(optionKey(param))}
                onChange={() => {
                  onChange(toggleValue(params, 'option', param));
                }}
              />
            );
          })}
        </Group>
      ))}
      <Group legend="Customer rating">
        <Choice
          type="radio"
          name="min_rating"
          label="Any rating"
          checked={rating === ''}
          onChange={() => {
            onChange(setFilter(params, 'min_rating', null));
          }}
        />
        {RATING_CHOICES.map((stars) => (
          <Choice
            key={stars}
            type="radio"
            name="min_rating"
            label={`${stars} stars & up`}
            count={facets?.ratings.find((r) => r.min_rating === stars)?.count}
            checked={rating === String(stars)}
            onChange={() => {
              onChange(setFilter(params, 'min_rating', String(stars)));
            }}
          />
        ))}
      </Group>
      <Group legend="Availability">
        <Choice
          type="checkbox"
          label="In stock only"
          count={facets?.in_stock}
          checked={params.get('in_stock') === 'true'}
          onChange={(on) => {
            onChange(setFilter(params, 'in_stock', on ? 'true' : null));
          }}
        />
        <Choice
          type="checkbox"
          label="On sale"
          count={facets?.on_sale}
          checked={params.get('on_sale') === 'true'}
          onChange={(on) => {
            onChange(setFilter(params, 'on_sale', on ? 'true' : null));
          }}
        />
      </Group>
    </div>
  );
}

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="min-w-0">
      <legend className="mb-1 font-semibold">{legend}</legend>
      <div className="flex flex-col">{children}</div>
    </fieldset>
  );
}

function Choice({
  type,
  name,
  label,
  count,
  checked,
  onChange,
}: {
  type: 'radio' | 'checkbox';
  name?: string;
  label: string;
  count?: number;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex min-h-tap min-w-0 cursor-pointer items-center gap-2">
      <input
        type={type}
        name={name}
        checked={checked}
        onChange={(event) => {
          onChange(event.target.checked);
        }}
        className="size-5 shrink-0 accent-brand-700"
      />
      <span className="min-w-0 flex-1 break-words">{label}</span>
      {count !== undefined && (
        <span className="shrink-0 text-sm text-muted">
          {`(${String(count)}`}
          <span className="sr-only">{count === 1 ? ' product' : ' products'}</span>
          {')'}
        </span>
      )}
    </label>
  );
}

/** Whole cedis typed as a price bound, or '' for none. */
function bound(text: string): string {
  const t = text.replace(/[,\s]/g, '');
  return /^\d+(\.\d{1,2})?$/.test(t) ? t : '';
}

/**
 * Lowest and highest price in GH₵: `unit_price__gt` / `unit_price__lt` are strict, so the
 * shopper's "from 100" asks for above 99.99 and "to 500" for below 500.01.
 */
function PriceRange({
  params,
  facets,
  onChange,
}: {
  params: URLSearchParams;
  facets: Facets | undefined;
  onChange: (next: URLSearchParams) => void;
}) {
  const id = useId();
  const shownMin = fromBound(params.get('unit_price__gt'), -0.01);
  const shownMax = fromBound(params.get('unit_price__lt'), 0.01);
  const [min, setMin] = useState(shownMin);
  const [max, setMax] = useState(shownMax);
  const [error, setError] = useState('');
  function submit(event: SyntheticEvent) {
    event.preventDefault();
    const lo = bound(min);
    const hi = bound(max);
    if ((min.trim() && !lo) || (max.trim() && !hi)) {
      setError('Enter prices in GH₵ like 150 or 1,250.50.');
      return;
    }
    if (lo && hi && Number(lo) > Number(hi)) {
      setError('The lowest price must not be above the highest.');
      return;
    }
    setError('');
    let next = setFilter(params, 'unit_price__gt', lo ? toBound(lo, -0.01) : null);
    next = setFilter(next, 'unit_price__lt', hi ? toBound(hi, 0.01) : null);
    onChange(next);
  }
  return (
    <form onSubmit={submit} aria-labelledby={`${id}-legend`} noValidate>
      <p id={`${id}-legend`} className="mb-1 font-semibold">
        Price (GH₵)
      </p>
      {facets?.price && (
        <p className="mb-1 text-sm text-muted">
          {formatPrice(facets.price.min)} – {formatPrice(facets.price.max)}
        </p>
      )}
      <div className="flex items-end gap-2">
        <label className="min-w-0 flex-1 text-sm">
          Lowest
          <input
            inputMode="decimal"
            value={min}
            onChange={(e) => {
              setMin(e.target.value);
            }}
            aria-invalid={error ? true : undefined}
            className="mt-1 min-h-tap w-full rounded-control border border-line px-2"
          />
        </label>
        <label className="min-w-0 flex-1 text-sm">
          Highest
          <input
            inputMode="decimal"
            value={max}
            onChange={(e) => {
              setMax(e.target.value);
            }}
            aria-invalid={error ? true : undefined}
            className="mt-1 min-h-tap w-full rounded-control border border-line px-2"
          />
        </label>
        <Button type="submit" variant="secondary">
          Go
        </Button>
      </div>
      {error && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}

/** The strict bound for a typed price: a pesewa below (lowest) or above (highest). */
function toBound(cedis: string, by: number): string {
  return (Math.round((Number(cedis) + by) * 100) / 100).toFixed(2);
}

/** The typed price a strict bound stands for, '' for none. */
function fromBound(value: string | null, by: number): string {
  if (!value || !Number.isFinite(Number(value))) return '';
  const cedis = Math.round((Number(value) - by) * 100) / 100;
  return String(cedis);
}
