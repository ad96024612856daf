import { cx } from '@/lib/cx';
import { smallest } from '@/lib/responsive-image';

/** A product's small square picture in a line of a list, or a quiet placeholder without one. */
export function Thumbnail({ src, className }: { src: string | undefined; className?: string }) {
  return (
    <div
      className={cx(
        'flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-control bg-brand-50',
        className,
      )}
    >
      {src ? (
        <img
          src={smallest(src)}
          alt=""
          width={80}
          height={80}
          loading="lazy"
          decoding="async"
          className="size-full object-contain p-1"
        />
      ) : (
        <span className="p-1 text-center text-xs font-semibold text-brand-800">No image</span>
      )}
    </div>
  );
}
