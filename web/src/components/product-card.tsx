import { SIZES, smallest, srcSet } from '@/lib/responsive-image';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Price } from '@/components/ui/price';
import { RatingSummary, Stars } from '@/components/ui/stars';
import { StockBadge } from '@/components/ui/stock-badge';
import type { components } from '@/lib/api/schema';
import { useDataSaver } from '@/lib/data-saver';
import { snippet } from '@/lib/html';

type Product = components['schemas']['Product'];
export type CardProduct = Pick<
  Product,
  'id' | 'name' | 'description' | 'unit_price' | 'images' | 'inventory' | 'average_rating'
> &
  Partial<Pick<Product, 'ratings_count' | 'was_price'>> & {
    /** Its variants have different prices: `unit_price` is the lowest, shown 'from …'. */
    price_varies?: boolean;
  };

/** A deal's percent off, rounded, or 0 without a deal (the server's `shop.Discount`). */
export function discountPercent(price: string, was: string | null | undefined): number {
  const now = Number(price);
  const before = Number(was);
  if (!was || !(before > now) || !(now >= 0)) return 0;
  return Math.min(99, Math.max(1, Math.round(((before - now) * 100) / before)));
}

/**
 * A product in a list (spec §2 catalogue): image or 'Image Coming Soon!', name, an 80-character
 * snippet, stock badge, stars and price; the whole card links to the product. `action` sits on
 * the image's corner, outside the link (a button inside a link is not allowed).
 */
export function ProductCard({
  product,
  action,
  eager = false,
}: {
  product: CardProduct;
  action?: ReactNode;
  eager?: boolean;
}) {
  const image = product.images[0]?.image;
  return (
    <article className="relative flex h-full flex-col overflow-hidden rounded-card bg-white shadow-card transition-shadow hover:shadow-raised">
      <div className="aspect-square overflow-hidden bg-brand-50">
        {image ? (
          <CardImage image={image} name={product.name} eager={eager} />
        ) : (
          <div className="flex size-full items-center justify-center p-4 text-center font-semibold text-brand-800">
            Image Coming Soon!
          </div>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h2 className="text-base leading-snug font-semibold">
          <Link
            to={`/store/products/${product.id}`}
            // The link covers the card: one target, one name.
            className="after:absolute after:inset-0 hover:text-brand-700"
          >
            {product.name}
          </Link>
        </h2>
        <p className="line-clamp-2 text-sm text-muted">{snippet(product.description)}</p>
        <div className="mt-auto flex flex-wrap items-center gap-2 pt-1">
          <StockBadge inventory={product.inventory} />
          {product.ratings_count === undefined ? (
            <Stars rating={product.average_rating} />
          ) : (
            <RatingSummary average={product.average_rating} count={product.ratings_count} />
          )}
        </div>
        <div className="flex flex-wrap items-baseline gap-x-2">
          <span className="text-lg">
            {product.price_varies && <span className="text-sm text-muted">from </span>}
            <Price amount={product.unit_price} />
          </span>
          <Deal price={product.unit_price} was={product.was_price} />
        </div>
      </div>
      {action && <div className="absolute top-2 right-2 z-10">{action}</div>}
    </article>
  );
}

/**
 * A card's picture. In data-saver mode it waits for a tap (a light placeholder in the same box, so
 * nothing moves) and then loads the smallest rendition.
 */
function CardImage({ image, name, eager }: { image: string; name: string; eager: boolean }) {
  const saver = useDataSaver();
  const [tapped, setTapped] = useState(false);
  if (saver && !tapped) {
    return (
      <button
        type="button"
        aria-label={`Tap to load image of ${name}`}
        onClick={() => {
          setTapped(true);
        }}
        // Above the link that covers the card: the tap loads the image, it does not open the product.
        className="relative z-10 flex size-full items-center justify-center p-4 text-center text-sm font-semibold text-brand-800 hover:bg-brand-100"
      >
        Tap to load image
      </button>
    );
  }
  return (
    <img
      src={saver ? smallest(image) : image}
      srcSet={saver ? undefined : srcSet(image)}
      sizes={saver ? undefined : SIZES.card}
      alt=""
      width={400}
      height={400}
      loading={eager || saver ? 'eager' : 'lazy'}
      decoding="async"
      className="size-full object-contain p-2"
    />
  );
}

/** The price before a deal, struck through, and the percent off; nothing without a deal. */
export function Deal({ price, was }: { price: string; was: string | null | undefined }) {
  const off = discountPercent(price, was);
  if (off === 0) return null;
  return (
    <>
      <span className="text-sm text-muted">
        <span className="sr-only">Was </span>
        <s>
          <Price amount={was} className="font-normal" />
        </s>
      </span>
      <span className="rounded-control bg-red-700 px-1.5 text-sm font-bold text-white">
        -{off}%<span className="sr-only"> off</span>
      </span>
    </>
  );
}
