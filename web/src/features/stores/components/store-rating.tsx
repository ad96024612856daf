import { Stars } from '@/components/ui/stars';
import type { Store } from '../api/get-stores';

/** A store's stars from the verified ratings of its products, with how many there are. */
export function StoreRating({ store }: { store: Pick<Store, 'average_rating' | 'ratings_count'> }) {
  if (store.ratings_count === 0) return <span className="text-sm text-muted">No ratings yet</span>;
  const count = store.ratings_count;
  return (
    <span className="flex flex-wrap items-center gap-x-2 text-sm">
      <Stars rating={store.average_rating} />
      <span className="whitespace-nowrap text-muted">
        {store.average_rating.toFixed(1)} · {count} verified {count === 1 ? 'rating' : 'ratings'}
      </span>
    </span>
  );
}

/** A store's logo, or its initial on a tile when it has none (decorative: the name is beside it). */
export function StoreLogo({
  store,
  size,
}: {
  store: Pick<Store, 'logo' | 'name'>;
  size: 'sm' | 'lg';
}) {
  const box = size === 'lg' ? 'size-20 sm:size-24' : 'size-14';
  if (!store.logo) {
    return (
      <span
        aria-hidden="true"
        className={`${box} flex shrink-0 items-center justify-center rounded-card bg-brand-50 text-2xl font-bold text-brand-700`}
      >
        {store.name.trim().charAt(0).toUpperCase()}
      </span>
    );
  }
  return (
    <img
      src={store.logo}
      alt=""
      width={size === 'lg' ? 96 : 56}
      height={size === 'lg' ? 96 : 56}
      loading={size === 'lg' ? 'eager' : 'lazy'}
      className={`${box} shrink-0 rounded-card bg-canvas object-contain`}
    />
  );
}
