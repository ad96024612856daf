import { Fragment } from 'react';
import { Link } from 'react-router';
import { useCorrections } from './get-corrections';

/** How many top-level categories the empty search page offers. */
export const POPULAR_CATEGORIES = 6;

/** A category to browse instead: its name links to `/category/{slug}`. */
export interface BrowseCategory {
  id: number;
  name: string;
  slug: string;
}

const linkClass = 'font-semibold text-brand-700 underline underline-offset-4 break-words';

/**
 * A search's empty state: "Did you mean …?" with the server's corrected searches (each links to
 * its results) and the first few of `categories` (the route's top-level ones) to browse instead.
 */
export function NoResults({
  term,
  categories,
}: {
  term: string;
  categories: readonly BrowseCategory[];
}) {
  const corrections = useCorrections(term);
  const suggestions = corrections.data ?? [];
  const popular = categories.slice(0, POPULAR_CATEGORIES);
  return (
    <div className="space-y-6">
      <p className="text-lg">No products found.</p>
      {suggestions.length > 0 && (
        <p className="text-lg">
          Did you mean{' '}
          {suggestions.map((s, i) => (
            <Fragment key={s}>
              {i > 0 && (i === suggestions.length - 1 ? ' or ' : ', ')}
              <Link to={`/search?query=${encodeURIComponent(s)}`} className={linkClass}>
                {s}
              </Link>
            </Fragment>
          ))}
          ?
        </p>
      )}
      {popular.length > 0 && (
        <section aria-labelledby="popular-categories">
          <h2 id="popular-categories" className="mb-3 text-lg font-semibold">
            Popular categories
          </h2>
          <ul className="flex flex-wrap gap-2">
            {popular.map((c) => (
              <li key={c.id} className="min-w-0 max-w-full">
                <Link
                  to={`/category/${c.slug}`}
                  className="block max-w-full rounded-full border border-line bg-white px-4 py-2 break-words hover:bg-brand-50"
                >
                  {c.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
