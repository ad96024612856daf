import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { FormMessages } from '@/components/ui/field';
import { Stars } from '@/components/ui/stars';
import {
  moderate,
  moderationQueryKey,
  usePendingModeration,
  type ModeratedRating,
  type ModeratedReview,
} from '@/features/admin/api/moderation';
import { Loaded } from '@/components/backoffice/loaded';
import { useAction } from '@/components/backoffice/use-action';
import { formatDateTime } from '@/lib/dates';
import { useDocumentTitle } from '@/lib/use-document-title';

export const MODERATION_FAILED = 'Failed to load the moderation queue. Please try again.';

/** Staff: the pending reviews and ratings, each with its product and author, to approve or reject. */
export default function AdminModerationPage() {
  useDocumentTitle('Reviews & ratings');
  const query = usePendingModeration();
  const { busy, failure, done, run } = useAction([moderationQueryKey]);

  const actions = (kind: 'review' | 'rating', id: number, what: string) => (
    <div className="flex flex-wrap gap-2">
      {[true, false].map((approve) => (
        <Button
          key={String(approve)}
          variant={approve ? 'primary' : 'secondary'}
          aria-disabled={busy}
          aria-label={`${approve ? 'Approve' : 'Reject'} ${what}`}
          onClick={() =>
            void run(
              () => moderate(kind, id, approve),
              `${what} ${approve ? 'approved' : 'rejected'}.`,
            )
          }
        >
          {approve ? 'Approve' : 'Reject'}
        </Button>
      ))}
    </div>
  );
  return (
    <Loaded title="Reviews & ratings" query={query} failed={MODERATION_FAILED}>
      {(data) => (
        <>
          <FormMessages error={failure} success={done} />
          <Queue title="Reviews waiting" empty="No reviews are waiting.">
            {data.reviews.map((r: ModeratedReview) => (
              <li key={r.id} className="rounded-card bg-white p-4 shadow-card">
                <About product={r.product} author={r.author} at={r.date_created} />
                <p className="my-3 break-words whitespace-pre-line">{r.review}</p>
                {actions('review', r.id, `the review by ${r.author} of ${r.product.name}`)}
              </li>
            ))}
          </Queue>
          <Queue title="Ratings waiting" empty="No ratings are waiting.">
            {data.ratings.map((r: ModeratedRating) => (
              <li key={r.id} className="rounded-card bg-white p-4 shadow-card">
                <About product={r.product} author={r.username} at={r.date_created} />
                <p className="my-3 flex items-center gap-2">
                  <Stars rating={r.rating} />
                  <span>{r.rating} of 5</span>
                </p>
                {actions('rating', r.id, `the rating by ${r.username} of ${r.product.name}`)}
              </li>
            ))}
          </Queue>
        </>
      )}
    </Loaded>
  );
}

function Queue({
  title,
  empty,
  children,
}: {
  title: string;
  empty: string;
  children: ReactNode[];
}) {
  return (
    <section className="mt-6">
      <h2 className="mb-3 text-xl font-bold">
        {title} ({children.length})
      </h2>
      {children.length > 0 ? <ul className="space-y-3">{children}</ul> : <p>{empty}</p>}
    </section>
  );
}

function About({
  product,
  author,
  at,
}: {
  product: { id: number; name: string };
  author: string;
  at: string;
}) {
  return (
    <p className="text-sm text-muted">
      <Link
        to={`/store/products/${String(product.id)}`}
        className="font-semibold text-brand-700 underline"
      >
        {product.name}
      </Link>{' '}
      · by {author} · {formatDateTime(at)}
    </p>
  );
}
