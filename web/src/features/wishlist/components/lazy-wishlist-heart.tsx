import { Suspense } from 'react';
import { lazyPart } from '@/lib/lazy-part';

const WishlistHeart = lazyPart(() => import('./wishlist-heart'));

/**
 * The wishlist heart, its code fetched after the list has rendered: the cards are what the
 * shopper came for; the heart's place is held by a same-sized circle meanwhile.
 */
export function LazyWishlistHeart(props: { productId: number; productName: string }) {
  return (
    <Suspense
      fallback={<span aria-hidden="true" className="block size-tap rounded-pill bg-white/90" />}
    >
      <WishlistHeart {...props} />
    </Suspense>
  );
}
