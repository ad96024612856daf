// Uploaded product images are stored as JPEG renditions 320, 640 and 1024 wide; the URL names the
// widest one made and the others differ only in the width slot (api/openapi.yaml, uploads). The
// server mirrors these rules to preload the same file the page will pick
// (internal/httpapi/images.go): change both together. The API answers them absolute, from the
// server's public URL, so the origin is optional here.
const UPLOAD = /^((?:https?:\/\/[^/?#]+)?\/media\/uploads\/products\/\d+\/[0-9a-f]+)-(\d+)\.jpg$/;
const SLOTS = [320, 640, 1024];

/** How wide a product image is shown: a cell of the product grid, or the product page's gallery. */
export const SIZES = {
  card: '(min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw',
  gallery: '(min-width: 768px) 50vw, 100vw',
} as const;

/** The srcset of an uploaded image, or undefined for other images (demo artwork, links). */
export function srcSet(url: string): string | undefined {
  const m = UPLOAD.exec(url);
  if (!m) return undefined;
  const [, base, widest] = m;
  return SLOTS.filter((w) => w <= Number(widest))
    .map((w) => `${base}-${w}.jpg ${w}w`)
    .join(', ');
}

/** The smallest rendition of an uploaded image (for thumbnails), or the URL itself. */
export function smallest(url: string): string {
  const m = UPLOAD.exec(url);
  return m ? `${m[1]}-${SLOTS[0]}.jpg` : url;
}
