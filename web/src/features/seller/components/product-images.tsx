import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormMessages } from '@/components/ui/field';
import { problemText } from '@/lib/api/problem';
import { smallest } from '@/lib/responsive-image';
import {
  deleteProductImage,
  reorderProductImages,
  sellerProductQueryKey,
  sellerProductsQueryKey,
  uploadProductImage,
} from '../api/products';
import type { SellerProduct } from '../api/types';

// The server's limits (api/openapi.yaml, uploads): checked here first so that a shopper's phone
// does not send 20 MB for nothing; the server checks again and has the last word.
export const MAX_IMAGES = 8;
const MAX_BYTES = 8 * 1024 * 1024;
const ACCEPT = 'image/jpeg,image/png,image/webp';
export const TOO_LARGE = 'The image is larger than 8 MB.';
export const WRONG_TYPE = 'Upload a JPEG, PNG or WebP image.';
const FAILED = 'The images could not be changed. Please try again.';

/** The gallery of a saved product: add (upload), move and remove pictures. */
export function ProductImages({ product }: { product: SellerProduct }) {
  const client = useQueryClient();
  const inputId = useId();
  const headingId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [success, setSuccess] = useState('');
  const images = product.images;

  async function run(change: () => Promise<SellerProduct | undefined>, done: string) {
    if (busy) return;
    setBusy(true);
    setError('');
    setSuccess('');
    try {
      const saved = await change();
      if (saved) client.setQueryData(sellerProductQueryKey(product.id), saved);
      else await client.invalidateQueries({ queryKey: sellerProductQueryKey(product.id) });
      await client.invalidateQueries({ queryKey: sellerProductsQueryKey });
      setSuccess(done);
    } catch (e) {
      setError(problemText(e) ?? FAILED);
    } finally {
      setBusy(false);
    }
  }

  function onFile(file: File | undefined) {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (!ACCEPT.split(',').includes(file.type)) {
      setError(WRONG_TYPE);
      return;
    }
    if (file.size > MAX_BYTES) {
      setError(TOO_LARGE);
      return;
    }
    void run(() => uploadProductImage(product.id, file), 'Image added.');
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
          <label htmlFor={inputId} className="font-semibold">
            Add an image
          </label>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={ACCEPT}
            disabled={busy}
            onChange={(e) => {
              onFile(e.target.files?.[0]);
            }}
            className="mt-1 block w-full text-sm file:mr-3 file:min-h-tap file:rounded-control file:border-0 file:bg-brand-700 file:px-4 file:font-semibold file:text-white"
          />
        </div>
      )}
      <FormMessages error={error} success={busy ? 'Saving…' : success} />
    </section>
  );
}
