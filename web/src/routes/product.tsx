import { Suspense, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { lazyPart } from '@/lib/lazy-part';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Price } from '@/components/ui/price';
import { Loading } from '@/components/ui/loading';
import { DetailSkeleton } from '@/components/ui/skeleton';
import { Stars } from '@/components/ui/stars';
import { StockBadge } from '@/components/ui/stock-badge';
import { Stepper } from '@/components/ui/stepper';
import { addToCart } from '@/features/cart/api/cart-items';
import { queueChange } from '@/features/cart/api/offline-queue';
import { invalidateProducts, useProduct, type Product } from '@/features/catalog/api/get-product';
import { ProductGallery } from '@/features/catalog/components/product-gallery';
import { VariantPicker } from '@/features/catalog/components/variant-picker';
import {
  choiceOf,
  optionsLabel,
  variantOf,
  type Choice,
  type ProductVariant,
  type WithVariants,
  valueState,
} from '@/lib/variants';
import { LazyWishlistHeart } from '@/features/wishlist/components/lazy-wishlist-heart';
import { useAuthDialog } from '@/app/auth-dialog';
import { ApiError } from '@/lib/api/client';
import { problemText } from '@/lib/api/problem';
import { rememberViewed } from '@/lib/recently-viewed';
import { toPesewas } from '@/lib/money';
import { OFFLINE_ORDER, isOnline } from '@/lib/online';
import { useDocumentTitle } from '@/lib/use-document-title';

/** Spec §9: how long 'Product added to cart!' stays. */
export const ADDED_BANNER_MS = 2000;
export const MAX_QUANTITY = 99;

// Everything below the purchase block is below the fold: its code loads right after the top.
const ProductDetails = lazyPart(() => import('@/features/catalog/components/product-details'));
const ProductRails = lazyPart(() => import('@/features/rails/product-rails'));
// The delivery line and Buy Now's checkout load after the purchase block, off the first JS.
const DeliveryLine = lazyPart(() => import('@/features/orders/components/delivery-line'));
const DeliveryForm = lazyPart(() => import('@/features/orders/components/delivery-form'));

/** The product id of the address (its `:id`). */
export function productId(param: string | undefined): number {
  return Number(param);
}

export default function ProductPage() {
  const id = productId(useParams().id);
  const { data: product, isPending, isError } = useProduct(id);
  useDocumentTitle(product?.name ?? (isError ? 'Failed to load product' : 'Product'));

  if (isPending) {
    return (
      <Loading>
        <DetailSkeleton />
      </Loading>
    );
  }
  if (isError) {
    return (
      <>
        <ErrorAlert>
          <span>Failed to load product</span>
        </ErrorAlert>
        <BackButton />
      </>
    );
  }
  return <ProductView key={product.id} product={product} />;
}

function BackButton() {
  const navigate = useNavigate();
  return (
    <Button
      variant="secondary"
      className="mt-6"
      onClick={() => {
        // Back one page (spec §2); a product opened from outside the shop goes to the catalogue.
        if ((window.history.state as { idx?: number } | null)?.idx) void navigate(-1);
        else void navigate('/products');
      }}
    >
      Back to Products
    </Button>
  );
}

/** A product as the page reads it: with its options and variants (contract "variants"). */
type PageProduct = Product & WithVariants;

/**
 * The shopper's choice of options, kept in the address as `?variant=<id>` once complete (replace,
 * so Back leaves the page; the address can be shared and opens with that variant chosen).
 */
function useVariantChoice(product: PageProduct) {
  const options = product.options;
  const variants = product.variants ?? [];
  const [params, setParams] = useSearchParams();
  const fromUrl = variants.find((v) => String(v.id) === params.get('variant') && v.active);
  const [draft, setDraft] = useState<Choice>(() =>
    // A single-valued option needs no choosing.
    choiceOf(fromUrl, options.length).map((v, i) =>
      v === null && options[i]?.values.length === 1 ? (options[i].values[0] ?? null) : v,
    ),
  );
  const variant = variantOf(variants, draft);

  function choose(index: number, value: string) {
    const next = draft.map((v, i) => (i === index ? value : v));
    // A later option that no longer fits the earlier ones is cleared (the picker's rule).
    for (let i = index + 1; i < next.length; i++) {
      const v = next[i];
      if (v != null && valueState(variants, next.slice(0, i), i, v) !== 'ok') next[i] = null;
    }
    setDraft(next);
    const chosen = variantOf(variants, next);
    setParams(
      (old) => {
        const kept = new URLSearchParams(old);
        if (chosen) kept.set('variant', String(chosen.id));
        else kept.delete('variant');
        return kept;
      },
      { replace: true, preventScrollReset: true },
    );
  }
  return { options, variants, choice: draft, variant, choose };
}

function ProductView({ product }: { product: PageProduct }) {
  useEffect(() => {
    rememberViewed(product.id);
  }, [product.id]);
  const picked = useVariantChoice(product);
  const { variant } = picked;
  const hasOptions = picked.options.length > 0;
  const images = variantImages(product, variant);
  return (
    <>
      <div className="grid gap-6 md:grid-cols-2 md:gap-10">
        <ProductGallery key={variant?.id ?? 0} images={images} name={product.name} />
        <div className="space-y-4">
          <div className="flex items-start justify-between gap-3">
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{product.name}</h1>
            <LazyWishlistHeart productId={product.id} productName={product.name} />
          </div>
          <p className="text-2xl text-brand-800" aria-live="polite">
            {!variant && product.price_varies && <span className="text-base">from </span>}
            <Price amount={variant?.unit_price ?? product.unit_price} />
          </p>
          <div className="flex flex-wrap items-center gap-3">
            <StockBadge inventory={variant?.inventory ?? product.inventory} />
            <Stars rating={product.average_rating} />
            <a href="#reviews" className="text-sm text-brand-700 underline underline-offset-4">
              {product.reviews_count} {product.reviews_count === 1 ? 'review' : 'reviews'}
            </a>
          </div>
          {hasOptions ? (
            <Purchase product={product} picked={picked} />
          ) : (
            <Purchase product={product} />
          )}
          <Suspense fallback={<div className="min-h-16" />}>
            <DeliveryLine productId={product.id} />
          </Suspense>
        </div>
      </div>
      <Suspense fallback={<div className="mt-8 min-h-screen" />}>
        <ProductDetails product={product} />
      </Suspense>
      <Suspense fallback={null}>
        <ProductRails product={product} />
      </Suspense>
      <BackButton />
    </>
  );
}

/** The chosen variant's pictures (its main one first), or the product's gallery. */
export function variantImages(product: PageProduct, variant: ProductVariant | undefined) {
  const ids = variant?.image_ids ?? [];
  if (ids.length === 0) return product.images;
  const byId = new Map(
    (product.images as { id?: number; image: string }[]).map((img) => [img.id, img]),
  );
  const own = ids.flatMap((id) => byId.get(id) ?? []);
  return own.length > 0 ? own : product.images;
}

type Notice = { text: string; ok: boolean } | null;

export const QUEUED_ADD =
  'You are offline. This product will be added to your bag when you are back online.';

/** Why an add failed: the sign-in hint, the server's reason ('Only 12 left in stock.'), or `other`. */
function addFailure(error: unknown, unauthenticated: string, other: string) {
  if (error instanceof ApiError && error.status === 401) return unauthenticated;
  return problemText(error) ?? other;
}

/**
 * Quantity, Add to Cart and Buy Now (spec §4, §5, §8). Buy Now shows the checkout's address
 * picker and delivery choices; pressed again (or the form submitted), it orders this product and
 * quantity alone — the bag stays as it was — and opens the order. A visitor pressing either
 * button gets the sign-in dialog, and the button's action follows once signed in.
 */
function Purchase({
  product,
  picked,
}: {
  product: PageProduct;
  picked?: ReturnType<typeof useVariantChoice>;
}) {
  const client = useQueryClient();
  const { whenSignedIn } = useAuthDialog();
  const [quantity, setQuantity] = useState(1);
  const [added, setAdded] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  const [showForm, setShowForm] = useState(false);
  const checkout = useRef<HTMLDivElement>(null);
  const [missing, setMissing] = useState(false);
  const variant = picked?.variant;
  const stock = picked ? (variant?.inventory ?? product.inventory) : product.inventory;
  const outOfStock = stock < 1;
  const price = variant?.unit_price ?? product.unit_price;
  // A product with options is bought as one of its variants: all options chosen first.
  const unchosen = picked !== undefined && variant === undefined;
  // The stepper is capped at the chosen variant's stock; a larger earlier count shrinks to it.
  const maxQuantity = Math.max(1, Math.min(MAX_QUANTITY, stock));
  const shown = Math.min(quantity, maxQuantity);

  function refuseUnchosen() {
    if (!unchosen) return false;
    setMissing(true);
    setShowForm(false);
    const names = picked.options
      .filter((_, i) => picked.choice[i] == null)
      .map((o) => o.name.toLowerCase());
    setNotice({ text: `Please choose ${names.join(' and ')} first.`, ok: false });
    return true;
  }

  async function onAddToCart() {
    if (refuseUnchosen() || outOfStock) return;
    setNotice(null);
    if (!isOnline()) {
      queueChange({
        kind: 'add',
        productId: product.id,
        variantId: variant?.id,
        quantity: shown,
        name: variant ? `${product.name}, ${optionsLabel(variant.options)}` : product.name,
      });
      setNotice({ text: QUEUED_ADD, ok: true });
      return;
    }
    setBusy(true);
    try {
      await addToCart(product.id, shown, variant?.id);
      setAdded(true);
      window.setTimeout(() => {
        setAdded(false);
      }, ADDED_BANNER_MS);
    } catch (error) {
      setNotice({
        text: addFailure(
          error,
          'You need to log in to add products to your cart.',
          'Failed to add product to cart. Please try again.',
        ),
        ok: false,
      });
    } finally {
      setBusy(false);
    }
  }

  function onBuyNow() {
    if (refuseUnchosen()) return;
    if (outOfStock) {
      setNotice({ text: 'Product is out of stock', ok: false });
      return;
    }
    // An order never starts offline: neither the form (its code may not be on the phone) nor,
    // pressed again, the order itself.
    if (!isOnline()) {
      setNotice({ text: OFFLINE_ORDER, ok: false });
      return;
    }
    if (showForm) {
      checkout.current?.querySelector('form')?.requestSubmit();
      return;
    }
    setNotice(null);
    setShowForm(true);
  }

  return (
    <div className="space-y-4">
      {picked && (
        <VariantPicker
          options={picked.options}
          variants={picked.variants}
          choice={picked.choice}
          missing={missing && unchosen}
          onChoose={(index, value) => {
            picked.choose(index, value);
            setNotice(null);
            setShowForm(false);
          }}
        />
      )}
      <Stepper label="Quantity" value={shown} min={1} max={maxQuantity} onChange={setQuantity} />
      <div className="flex flex-wrap gap-3">
        <Button
          disabled={(outOfStock && !unchosen) || busy}
          onClick={() => {
            whenSignedIn(() => void onAddToCart());
          }}
          className="flex-1 sm:flex-none"
        >
          Add to Cart
        </Button>
        <Button
          variant="accent"
          disabled={(outOfStock && !unchosen) || busy}
          onClick={() => {
            whenSignedIn(onBuyNow);
          }}
          className="flex-1 sm:flex-none"
        >
          Buy Now
        </Button>
      </div>
      {outOfStock && (
        <p className="font-semibold text-danger-700">
          {variant ? 'This option is sold out' : 'Product is out of stock'}
        </p>
      )}
      <div aria-live="polite">
        {added && (
          <p className="rounded-control bg-brand-50 p-3 font-semibold text-brand-800">
            Product added to cart!
          </p>
        )}
      </div>
      {notice && (
        <p
          role={notice.ok ? 'status' : 'alert'}
          className={notice.ok ? 'font-semibold text-brand-700' : 'text-danger-700'}
        >
          {notice.text}
        </p>
      )}
      {showForm && (
        <div ref={checkout} className="rounded-card bg-white p-4 shadow-card">
          <Suspense fallback={<Loading>Loading checkout…</Loading>}>
            <DeliveryForm
              blocked={null}
              onPlaced={() => {
                void invalidateProducts(client);
              }}
              items={[
                variant
                  ? { product_id: product.id, quantity: shown, variant_id: variant.id }
                  : { product_id: product.id, quantity: shown },
              ]}
              lines={{ count: shown, total: (toPesewas(price) ?? 0) * shown }}
            />
          </Suspense>
        </div>
      )}
    </div>
  );
}
