import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import type { Facets } from '../api/get-facets';
import { chosenCount, withoutFilters } from '../list-filters';
import { FilterPanel } from './filter-panel';

/**
 * The filters on a phone, in a bottom sheet (a modal dialog: focus stays in it, Escape closes
 * it). Choices apply at once, so the counts and the total follow; the choices scroll while
 * 'Clear' and 'Show N results' (which closes it) stay at the bottom, under the thumb. Loaded on
 * first opening, outside the page's first JavaScript.
 */
export default function FilterSheet({
  params,
  facets,
  onChange,
  onClose,
  showStore,
}: {
  params: URLSearchParams;
  facets: Facets | undefined;
  onChange: (next: URLSearchParams) => void;
  onClose: () => void;
  showStore: boolean;
}) {
  const titleId = useId();
  const count = facets?.count;
  return (
    <Dialog labelledBy={titleId} onClose={onClose} sheet>
      <div className="flex max-h-[85dvh] flex-col">
        <h2 id={titleId} className="border-b border-line pr-12 pb-3 text-lg font-bold">
          Filters
        </h2>
        <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain py-3">
          <FilterPanel params={params} facets={facets} onChange={onChange} showStore={showStore} />
        </div>
        <div className="flex gap-2 border-t border-line py-3">
          <Button
            variant="secondary"
            disabled={chosenCount(params, showStore) === 0}
            onClick={() => {
              onChange(withoutFilters(params));
            }}
          >
            Clear
          </Button>
          <Button onClick={onClose} className="min-w-0 flex-1">
            {count === undefined
              ? 'Show results'
              : `Show ${String(count)} ${count === 1 ? 'result' : 'results'}`}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
