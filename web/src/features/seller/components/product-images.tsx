import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { FormMessages } from '@/components/ui/field';
import { ImageFileInput } from '@/components/backoffice/image-file-input';
import { useAction } from '@/components/backoffice/use-action';
import { smallest } from '@/lib/responsive-image';
import {
  deleteProductImage,
  reorderProductImages,
  sellerProductQueryKey,
  sellerProductsQueryKey,
  uploadProductImage,
} from '../api/products';
import type { SellerProduct } from '../api/types';

export const MAX_IMAGES = 8;

/** The gallery of a saved product: add (upload), move and remove pictures. */
export function ProductImages({ product }: { product: SellerProduct }) {
  const client = useQueryClient();
  const headingId = useId();
  const images = product.images;
  const action = useAction([sellerProductsQueryKey]);
  const { busy, failure, done } = action;

  /** Runs a gallery change; the product it answers with (if any) replaces the cached one. */
  function run(change: () => Promise<SellerProduct | undefined>, message: string) {
    return action.run(async () => {
      const saved = await change();
      if (saved) client.setQueryData(sellerProductQueryKey(product.id), saved);
      else await client.invalidateQueries({ queryKey: sellerProductQueryKey(product.id) });
    }, message);
  }

  function move(from: number, to: number) {
    const order = images.map((im) => im.id);
    const [moved] = order.splice(from, 1);
    if (moved === undefined) return;
    order.splice(to, 0, moved);
    void run(() => reorderProductImages(product.id, order), 'Images reordered.');
  }

  return (
    <section aria-labelledby={headingId} className="mt-8 rounded-card bg-white p-4 shadow-card">
      <h2 id={headingId} className="text-lg font-bold">
        Images
      </h2>
      <p className="mt-1 text-sm text-muted">
        The first image is the one shoppers see in lists. JPEG, PNG or WebP, up to 8 MB, at least
        200 × 200 pixels; at most {MAX_IMAGES} images.
      </p>
      {images.length > 0 ? (
        <ol className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Product images">
          {images.map((im, i) => (
            <li key={im.id} className="rounded-control border border-line p-2">
              <img
                src={smallest(im.image)}
                alt={`Image ${String(i + 1)} of ${product.name}`}
                width={160}
                height={160}
                className="aspect-square w-full object-contain"
              />
              <div className="mt-2 flex flex-wrap gap-1">
                <Button
                  variant="secondary"
                  className="min-w-tap px-2"
                  aria-label={`Move image ${String(i + 1)} earlier`}
                  aria-disabled={busy || i === 0}
                  onClick={() => {
                    if (i > 0) move(i, i - 1);
                  }}
                >
                  ←
                </Button>
                <Button
                  variant="secondary"
                  className="min-w-tap px-2"
                  aria-label={`Move image ${String(i + 1)} later`}
                  aria-disabled={busy || i === images.length - 1}
                  onClick={() => {
                    if (i < images.length - 1) move(i, i + 1);
                  }}
                >
                  →
                </Button>
                <Button
                  variant="secondary"
                  className="px-2"
                  aria-label={`Remove image ${String(i + 1)}`}
                  aria-disabled={busy}
                  onClick={() => {
                    void run(async () => {
                      await deleteProductImage(product.id, im.id);
                      return undefined;
                    }, 'Image removed.');
                  }}
                >
                  Remove
                </Button>
              </div>
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-4">No images yet: shoppers see &lsquo;Image Coming Soon!&rsquo;.</p>
      )}
      {images.length < MAX_IMAGES && (
        <div className="mt-4">
          <ImageFileInput
            label="Add an image"
            disabled={busy}
            onFile={(file) => void run(() => uploadProductImage(product.id, file), 'Image added.')}
            onRefused={action.refuse}
          />
        </div>
      )}
      <FormMessages error={failure} success={busy ? 'Saving…' : done} />
    </section>
  );
}
