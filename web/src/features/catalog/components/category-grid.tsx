import { Link } from 'react-router';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Loading } from '@/components/ui/loading';
import { CardGridSkeleton } from '@/components/ui/skeleton';
import { useDataSaver } from '@/lib/data-saver';
import { useCategories, type Category } from '../api/get-categories';

// Cards in the first row (4 on wide screens) are above the fold: load them at once.
const EAGER_IMAGES = 4;

/**
 * The home page's top-level categories, each a card linking to /category/{slug}. In data-saver
 * mode the cards show their initial instead of their picture: the name says where the card goes,
 * and the pictures were 11 KB of a data-saver first visit (docs/decisions/0025-data-saver.md).
 */
export function CategoryGrid() {
  const { data, isPending, isError, refetch, isRefetching } = useCategories();

  if (isPending) {
    return (
      <Loading label="Curating Experiences..." showLabel>
        <CardGridSkeleton />
      </Loading>
    );
  }
  if (isError) {
    return (
      <ErrorAlert>
        <span>Failed to fetch categories</span>
        <Button
          variant="secondary"
          disabled={isRefetching}
          onClick={() => {
            void refetch();
          }}
        >
          Try again
        </Button>
      </ErrorAlert>
    );
  }
  if (data.length === 0) {
    return <p className="text-muted">There are no collections to show yet.</p>;
  }
  return (
    <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
      {data.map((category, index) => (
        <li key={category.id}>
          <CategoryCard category={category} eager={index < EAGER_IMAGES} />
        </li>
      ))}
    </ul>
  );
}

function CategoryCard({ category, eager }: { category: Category; eager: boolean }) {
  const saver = useDataSaver();
  const image = saver ? undefined : category.images[0]?.image;
  return (
    <Link
      to={`/category/${category.slug}`}
      // Named by its content: the picture's alt is empty and the initial is aria-hidden (a name
      // from aria-labelledby would differ from the visible text when the initial shows).
      className="group block h-full overflow-hidden rounded-card bg-white shadow-card transition-shadow hover:shadow-raised"
    >
      <div className="aspect-4/3 overflow-hidden bg-brand-50">
        {image ? (
          <img
            src={image}
            alt="" // the card's name is its text right below: no need to say it twice
            width={400}
            height={300}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            className="size-full object-cover transition-transform group-hover:scale-105"
          />
        ) : (
          <div
            aria-hidden="true"
            data-testid="category-placeholder"
            className="flex size-full items-center justify-center text-4xl font-extrabold text-brand-700"
          >
            {category.name.charAt(0)}
          </div>
        )}
      </div>
      <span className="block p-3 font-semibold group-hover:text-brand-700">{category.name}</span>
    </Link>
  );
}
