import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import type { Facets } from '../api/get-facets';
import { FilterPanel } from './filter-panel';

/**
 * The filters on a phone, in a modal dialog (focus stays in it, Escape closes it). Choices apply at once, so the counts and the total follow; 'Show
 * results' closes it. Loaded on first opening, outside the page's first JavaScript.
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
    <Dialog labelledBy={titleId} onClose={onClose}>
      <div className="flex max-h-[85vh] flex-col">
        <h2 id={titleId} className="border-b border-line pb-2 text-lg font-bold">
          Filters
        </h2>
        <div className="min-h-0 flex-1 overflow-y-auto py-3">
          <FilterPanel params={params} facets={facets} onChange={onChange} showStore={showStore} />
        </div>
        <Button onClick={onClose} className="w-full">
          {count === undefined
            ? 'Show results'
            : `Show ${count} ${count === 1 ? 'result' : 'results'}`}
        </Button>
      </div>
    </Dialog>
  );
}
