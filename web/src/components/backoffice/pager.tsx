import { Button } from '@/components/ui/button';

/** 'Page 2 of 5' with Previous and Next, for a paged list of `count` items. */
export function Pager({
  page,
  count,
  pageSize,
  hasPrevious,
  hasNext,
  onPage,
}: {
  page: number;
  count: number;
  pageSize: number;
  hasPrevious: boolean;
  hasNext: boolean;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(count / pageSize));
  if (!hasPrevious && !hasNext) return null;
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center justify-between gap-3">
      <Button
        variant="secondary"
        disabled={!hasPrevious}
        onClick={() => {
          onPage(page - 1);
        }}
      >
        Previous
      </Button>
      <span className="text-sm text-muted">
        Page {page} of {pages}
      </span>
      <Button
        variant="secondary"
        disabled={!hasNext}
        onClick={() => {
          onPage(page + 1);
        }}
      >
        Next
      </Button>
    </nav>
  );
}
