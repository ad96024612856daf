import { Button } from '@/components/ui/button';

/** The parts of a paged answer (contract §1.5) the pager reads. */
interface PageOf {
  count: number;
  previous: string | null;
  next: string | null;
}

/** 'Page 2 of 5' with Previous and Next, for the paged answer `data` shown at `page`. */
export function Pager({
  page,
  data,
  pageSize,
  onPage,
}: {
  page: number;
  data: PageOf;
  pageSize: number;
  onPage: (page: number) => void;
}) {
  const hasPrevious = data.previous !== null;
  const hasNext = data.next !== null;
  const pages = Math.max(1, Math.ceil(data.count / pageSize));
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
