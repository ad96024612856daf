import { useCartCount } from '@/features/cart/api/cart-items';
import { useSignedIn } from '@/lib/auth/session';

/** The bag's item count when above 0 (spec §2), kept fresh by `cartUpdated`. */
export default function CartCount() {
  const count = useCartCount(useSignedIn());
  if (count === 0) return null;
  return (
    <span className="inline-flex min-w-6 items-center justify-center rounded-pill bg-gold-400 px-1.5 text-sm font-bold text-ink">
      {count}
      <span className="sr-only"> items</span>
    </span>
  );
}
