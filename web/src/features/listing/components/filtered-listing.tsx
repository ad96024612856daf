import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { useMediaQuery } from '@/lib/use-media-query';
import { useFacets } from '../api/get-facets';
import { CatalogueSort } from '../catalogue-sort';
import { chosenCount, listFilters, withoutFilters, type ListFilter } from '../list-filters';
import { FilterChips } from './filter-chips';
import { FilterPanel } from './filter-panel';

const FilterSheet = lazy(() => import('./filter-sheet'));

/** Tailwind's `lg`: from here the filters are a column beside the list. */
const WIDE = '(min-width: 64rem)';

/**
 * The filters of a list page: its own (`base`: category, search, store) and the address's, which
 * win where both have one (a catalogue's base is its address, repeated filters taken once).
 */
export function useListFilter(base: ListFilter, showStore = true): ListFilter {
  const [params] = useSearchParams();
  return { ...base, ...listFilters(params, showStore) };
}

/**
 * A product list with its filters and sort (decision 0021): a filter column beside the list on
 * a wide screen, a 'Filters' button opening a sheet on a phone; the chosen filters as chips above
 * the list. The column is not built at all on a phone, where it would be hidden: the first screen
 * has that much less to draw. Everything lives in the address: each change is a history entry. `children` is the
 * list itself.
 */
export function FilteredListing({
  filter,
  heading,
  searching = false,
  showStore = true,
  children,
}: {
  filter: ListFilter;
  heading: ReactNode;
  searching?: boolean;
  showStore?: boolean;
  children: ReactNode;
}) {
  const [params, setParams] = useSearchParams();
  const facets = useFacets(filter).data;
  const [sheet, setSheet] = useState(false);
  const wide = useMediaQuery(WIDE);
  const chosen = chosenCount(params, showStore);
  const onChange = (next: URLSearchParams) => {
    setParams(next);
  };
  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
        {heading}
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="secondary"
            className="lg:hidden"
            onClick={() => {
              setSheet(true);
            }}
          >
            {chosen > 0 ? `Filters (${chosen})` : 'Filters'}
          </Button>
          <CatalogueSort searching={searching} />
        </div>
      </div>
      <FilterChips params={params} facets={facets} onChange={onChange} showStore={showStore} />
      <div className="lg:flex lg:items-start lg:gap-6">
        {wide && (
          <aside aria-label="Filters" className="w-60 shrink-0">
            <FilterPanel
              params={params}
              facets={facets}
              onChange={onChange}
              showStore={showStore}
            />
          </aside>
        )}
        <div className="min-w-0 flex-1">{children}</div>
      </div>
      {sheet && (
        <Suspense fallback={null}>
          <FilterSheet
            params={params}
            facets={facets}
            onChange={onChange}
            onClose={() => {
              setSheet(false);
            }}
            showStore={showStore}
          />
        </Suspense>
      )}
    </>
  );
}

/** The empty list: with filters chosen, says so and offers to clear them. */
export function NoResults({ children }: { children: ReactNode }) {
  const [params, setParams] = useSearchParams();
  if (chosenCount(params) === 0) return <>{children}</>;
  return (
    <div className="py-8 text-center">
      <p className="text-lg">No products match these filters.</p>
      <Button
        variant="secondary"
        className="mt-4"
        onClick={() => {
          setParams(withoutFilters(params));
        }}
      >
        Clear filters
      </Button>
    </div>
  );
}
