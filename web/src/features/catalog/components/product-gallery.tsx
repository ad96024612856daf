import { useState } from 'react';
import { cx } from '@/lib/cx';
import { useDataSaver } from '@/lib/data-saver';
import { SIZES, smallest, srcSet } from '@/lib/responsive-image';

/** The product's images: the chosen one large, thumbnails to choose when there are several. */
export function ProductGallery({
  images,
  name,
}: {
  images: readonly { image: string }[];
  name: string;
}) {
  const [chosen, setChosen] = useState(0);
  const current = images[chosen] ?? images[0];
  // Data saver: the smallest rendition, the file the server preloads under Save-Data.
  const saver = useDataSaver();
  return (
    <div>
      <div className="aspect-square overflow-hidden rounded-card bg-white shadow-card">
        {current ? (
          <img
            src={saver ? smallest(current.image) : current.image}
            srcSet={saver ? undefined : srcSet(current.image)}
            sizes={saver ? undefined : SIZES.gallery}
            alt={name}
            width={800}
            height={800}
            fetchPriority="high"
            className="size-full object-contain p-4"
          />
        ) : (
          <div className="flex size-full items-center justify-center text-xl font-semibold text-brand-800">
            Image Coming Soon!
          </div>
        )}
      </div>
      {images.length > 1 && (
        <ul className="mt-3 flex gap-2 overflow-x-auto pb-1" aria-label="Product images">
          {images.map((img, i) => (
            <li key={img.image} className="shrink-0">
              <button
                type="button"
                aria-label={`Show image ${i + 1} of ${images.length}`}
                aria-pressed={i === chosen}
                onClick={() => {
                  setChosen(i);
                }}
                className={cx(
                  'block size-16 overflow-hidden rounded-control border-2 bg-white',
                  i === chosen ? 'border-brand-700' : 'border-line',
                )}
              >
                <img
                  src={smallest(img.image)}
                  alt=""
                  width={64}
                  height={64}
                  loading="lazy"
                  className="size-full object-contain"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
