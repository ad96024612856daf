import { useId } from 'react';
import { useSearchParams } from 'react-router';

// The sort control (an addition to the spec's random order): values of the API's `ordering`.
const SORTS = [
  { value: '', label: 'Recommended' },
  { value: 'unit_price', label: 'Price: low to high' },
  { value: '-unit_price', label: 'Price: high to low' },
  { value: '-date_created', label: 'Newest' },
  { value: '-average_rating', label: 'Top rated' },
  { value: 'name', label: 'Name' },
] as const;

/** 'Sort by' for a product list whose filter is the address's query string (`ordering`). */
export function CatalogueSort() {
  const [params, setParams] = useSearchParams();
  const selectId = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={selectId} className="text-sm font-semibold">
        Sort by
      </label>
      <select
        id={selectId}
        value={params.get('ordering') ?? ''}
        onChange={(event) => {
          const next = new URLSearchParams(params);
          if (event.target.value) next.set('ordering', event.target.value);
          else next.delete('ordering');
          setParams(next, { replace: true });
        }}
        className="min-h-tap rounded-control border border-line bg-white px-2"
      >
        {SORTS.map((s) => (
          <option key={s.value} value={s.value}>
            {s.label}
          </option>
        ))}
      </select>
    </div>
  );
}
