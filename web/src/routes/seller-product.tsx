import { Suspense } from 'react';
import { useLocation, useParams } from 'react-router';
import { LoadError } from '@/components/ui/alert';
import { ButtonLink } from '@/components/ui/button';
import { Loading } from '@/components/ui/loading';
import { PageHeading } from '@/components/ui/page-heading';
import { DetailSkeleton } from '@/components/ui/skeleton';
import { useCategories } from '@/features/catalog/api/get-categories';
import { isNotFound } from '@/features/seller/api/errors';
import { useSellerProduct } from '@/features/seller/api/products';
import type { SellerProduct } from '@/features/seller/api/types';
import { ProductForm, type ProductNotice } from '@/features/seller/components/product-form';
import { lazyPart } from '@/lib/lazy-part';
import { useDocumentTitle } from '@/lib/use-document-title';

// The gallery sits below the form: its code loads after the page shows, keeping the page's initial
// JS within budget (design.md §5).
const ProductImages = lazyPart<{ product: SellerProduct }>(() =>
  import('@/features/seller/components/product-images').then((m) => ({ default: m.ProductImages })),
);

// The options and variants load the same way, after the form.
const ProductVariants = lazyPart<{ product: SellerProduct }>(() =>
  import('@/features/seller/components/product-variants').then((m) => ({
    default: m.ProductVariants,
  })),
);

export const PRODUCT_FAILED = 'Failed to load the product. Please try again.';

/** Seller Centre: /seller/products/new adds a product, /seller/products/{id} edits one. */
export default function SellerProductPage() {
  const { productId } = useParams();
  if (productId === undefined) return <NewProduct />;
  const id = /^\d+$/.test(productId) ? Number(productId) : 0;
  return id > 0 ? <EditProduct key={id} id={id} /> : <ProductNotFound />;
}

function NewProduct() {
  useDocumentTitle('Add product');
  return (
    <>
      <PageHeading>Add product</PageHeading>
      <ProductFormWithCategories />
    </>
  );
}

function EditProduct({ id }: { id: number }) {
  const { data: product, isPending, error, refetch } = useSellerProduct(id);
  const notice = (useLocation().state as ProductNotice | null)?.notice;
  useDocumentTitle(
    isNotFound(error) ? 'Product not found' : product ? `Edit ${product.name}` : 'Edit product',
  );

  if (isPending) {
    return (
      <>
        <PageHeading>Edit product</PageHeading>
        <Loading>
          <DetailSkeleton />
        </Loading>
      </>
    );
  }
  if (isNotFound(error)) return <ProductNotFound />;
  if (error) {
    return (
      <>
        <PageHeading>Edit product</PageHeading>
        <LoadError text={PRODUCT_FAILED} onRetry={() => void refetch()} />
      </>
    );
  }
  return (
    <>
      <PageHeading>Edit product</PageHeading>
      <ProductFormWithCategories product={product} notice={notice} />
      {product && (
        <Suspense
          fallback={
            <Loading>
              <DetailSkeleton />
            </Loading>
          }
        >
          <ProductImages product={product} />
          <ProductVariants product={product} />
        </Suspense>
      )}
    </>
  );
}

/** The form with the public category tree for its picker, read when the form first shows. */
function ProductFormWithCategories(props: { product?: SellerProduct; notice?: string }) {
  const categories = useCategories();
  return <ProductForm {...props} categories={categories} />;
}

function ProductNotFound() {
  useDocumentTitle('Product not found');
  return (
    <div className="rounded-card bg-white p-6 text-center shadow-card">
      <PageHeading>Product not found</PageHeading>
      <p className="mb-6">This product is not one of your store&apos;s.</p>
      <ButtonLink to="/seller/products">Back to products</ButtonLink>
    </div>
  );
}
