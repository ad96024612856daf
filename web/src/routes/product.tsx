import { Suspense, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { lazyPart } from '@/lib/lazy-part';
import { useNavigate, useParams } from 'react-router';
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

function ProductView({ product }: { product: Product }) {
  useEffect(() => {
    rememberViewed(product.id);
  }, [product.id]);
  return (
    <>
      <div className="grid gap-6 md:grid-cols-2 md:gap-10">
        <ProductGallery images={product.images} name={product.name} />
        <div className="space-y-4">
          <div className="flex items-start justify-between gap-3">
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{product.name}</h1>
            <LazyWishlistHeart productId={product.id} productName={product.name} />
          </div>
          <Price amount={product.unit_price} className="block text-2xl text-brand-800" />
          <div className="flex flex-wrap items-center gap-3">
            <StockBadge inventory={product.inventory} />
            <Stars rating={product.average_rating} />
            <a href="#reviews" className="text-sm text-brand-700 underline underline-offset-4">
              {product.reviews_count} {product.reviews_count === 1 ? 'review' : 'reviews'}
            </a>
          </div>
          <Purchase product={product} />
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
function Purchase({ product }: { product: Product }) {
  const client = useQueryClient();
  const { whenSignedIn } = useAuthDialog();
  const [quantity, setQuantity] = useState(1);
  const [added, setAdded] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  const [showForm, setShowForm] = useState(false);
  const checkout = useRef<HTMLDivElement>(null);
  const outOfStock = product.inventory < 1;

  async function onAddToCart() {
    if (outOfStock) return;
    setNotice(null);
    if (!isOnline()) {
      queueChange({ kind: 'add', productId: product.id, quantity, name: product.name });
      setNotice({ text: QUEUED_ADD, ok: true });
      return;
    }
    setBusy(true);
    try {
      await addToCart(product.id, quantity);
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
      <Stepper
        label="Quantity"
        value={quantity}
        min={1}
        max={Math.max(1, Math.min(MAX_QUANTITY, product.inventory))}
        onChange={setQuantity}
      />
      <div className="flex flex-wrap gap-3">
        <Button
          disabled={outOfStock || busy}
          onClick={() => {
            whenSignedIn(() => void onAddToCart());
          }}
          className="flex-1 sm:flex-none"
        >
          Add to Cart
        </Button>
        <Button
          variant="accent"
          disabled={outOfStock || busy}
          onClick={() => {
            whenSignedIn(onBuyNow);
          }}
          className="flex-1 sm:flex-none"
        >
          Buy Now
        </Button>
      </div>
      {outOfStock && <p className="font-semibold text-danger-700">Product is out of stock</p>}
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
              items={[{ product_id: product.id, quantity }]}
              lines={{ count: quantity, total: (toPesewas(product.unit_price) ?? 0) * quantity }}
            />
          </Suspense>
        </div>
      )}
    </div>
  );
}
