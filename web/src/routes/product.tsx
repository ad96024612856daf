import { Suspense, useEffect, useState, type SubmitEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { lazyPart } from '@/lib/lazy-part';
import { useNavigate, useParams } from 'react-router';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Price } from '@/components/ui/price';
import { Loading } from '@/components/ui/loading';
import { DetailSkeleton } from '@/components/ui/skeleton';
import { Stars } from '@/components/ui/stars';
import { StockBadge } from '@/components/ui/stock-badge';
import { Stepper } from '@/components/ui/stepper';
import { addToCart } from '@/features/cart/api/cart-items';
import { invalidateProducts, useProduct, type Product } from '@/features/catalog/api/get-product';
import { ProductGallery } from '@/features/catalog/components/product-gallery';
import { LazyWishlistHeart } from '@/features/wishlist/components/lazy-wishlist-heart';
import { orderFailure, placeOrder } from '@/features/orders/api/place-order';
import { useAuthDialog } from '@/app/auth-dialog';
import { ApiError } from '@/lib/api/client';
import { problemText } from '@/lib/api/problem';
import { useAttemptKey } from '@/lib/attempt-key';
import { rememberViewed } from '@/lib/recently-viewed';
import { useDocumentTitle } from '@/lib/use-document-title';

/** Spec §9: how long 'Product added to cart!' stays. */
export const ADDED_BANNER_MS = 2000;
export const MAX_QUANTITY = 99;

// Everything below the purchase block is below the fold: its code loads right after the top.
const ProductDetails = lazyPart(() => import('@/features/catalog/components/product-details'));
const ProductRails = lazyPart(() => import('@/features/rails/product-rails'));

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
          <p className="font-semibold text-brand-800">Fast Shipping | Fast Delivery</p>
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

/** Why an add failed: the sign-in hint, the server's reason ('Only 12 left in stock.'), or `other`. */
function addFailure(error: unknown, unauthenticated: string, other: string) {
  if (error instanceof ApiError && error.status === 401) return unauthenticated;
  return problemText(error) ?? other;
}

/**
 * Quantity, Add to Cart and Buy Now (spec §4, §5, §8). Buy Now shows the shipping form; pressed
 * again (or the form submitted) with both fields filled, it orders this product and quantity
 * alone — the bag stays as it was — and opens the order. A visitor pressing either button gets
 * the sign-in dialog, and the button's action follows once signed in.
 */
function Purchase({ product }: { product: Product }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const { whenSignedIn } = useAuthDialog();
  const [quantity, setQuantity] = useState(1);
  const [added, setAdded] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  const [showForm, setShowForm] = useState(false);
  const [address, setAddress] = useState('');
  const [contact, setContact] = useState('');
  const attemptKey = useAttemptKey();
  const outOfStock = product.inventory < 1;

  async function onAddToCart() {
    if (outOfStock) return;
    setBusy(true);
    setNotice(null);
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

  async function order() {
    if (address.trim() === '' || contact.trim() === '') {
      setNotice({ text: 'Please fill in all fields', ok: false });
      return;
    }
    setBusy(true);
    setNotice(null);
    try {
      const details = {
        shipping_address: address.trim(),
        contact_info: contact.trim(),
        items: [{ product_id: product.id, quantity }],
      };
      const placed = await placeOrder(details, attemptKey(details));
      void invalidateProducts(client);
      setNotice({ text: 'Order placed!', ok: true });
      void navigate(`/order/${placed.id}`);
    } catch (e) {
      setNotice({ text: orderFailure(e), ok: false });
    } finally {
      setBusy(false);
    }
  }

  async function onBuyNow() {
    if (outOfStock) {
      setNotice({ text: 'Product is out of stock', ok: false });
      return;
    }
    if (showForm) {
      await order();
      return;
    }
    setNotice(null);
    setShowForm(true);
  }

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    void order();
  }

  /** A field's new value; what was said about the old values no longer holds. */
  function edit(set: (value: string) => void) {
    return (value: string) => {
      set(value);
      setNotice(null);
    };
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
            whenSignedIn(() => void onBuyNow());
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
        <form
          onSubmit={onSubmit}
          noValidate
          aria-label="Shipping details"
          className="space-y-3 rounded-card bg-white p-4 shadow-card"
        >
          <Field
            label="Shipping Address"
            value={address}
            onValueChange={edit(setAddress)}
            autoComplete="street-address"
          />
          <Field
            label="Contact Number"
            type="tel"
            value={contact}
            onValueChange={edit(setContact)}
            autoComplete="tel"
          />
          <Button type="submit" disabled={busy}>
            Place Order
          </Button>
        </form>
      )}
    </div>
  );
}
