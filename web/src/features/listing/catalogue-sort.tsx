import { useId } from 'react';
import { useSearchParams } from 'react-router';

// The sort control (an addition to the spec's random order): values of the API's `ordering`.
// Without one, a search is by relevance and a list in the server's seeded shuffle.
const SORTS = [
  { value: 'unit_price', label: 'Price: low to high' },
  { value: '-unit_price', label: 'Price: high to low' },
  { value: '-date_created', label: 'Newest' },
  { value: '-average_rating', label: 'Top rated' },
  { value: '-sold', label: 'Best selling' },
] as const;

/**
 * 'Sort by' for a product list whose filter is the address's query string (`ordering`). Each
 * choice is a new history entry, so the back button brings the last order back.
 */
export function CatalogueSort({ searching = false }: { searching?: boolean }) {
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
          setParams(next);
        }}
        className="min-h-tap min-w-48 rounded-control border border-line bg-white px-2"
      >
        <option value="">{searching ? 'Relevance' : 'Recommended'}</option>
        {SORTS.map((s) => (
          <option key={s.value} value={s.value}>
            {s.label}
          </option>
        ))}
      </select>
    </div>
  );
}
