import { useId } from 'react';
import { cx } from '@/lib/cx';

/** Rounds a 0–5 average to the half star it is drawn with. */
export function halfStars(rating: number): number {
  return Math.min(5, Math.max(0, Math.round(rating * 2) / 2));
}

const STAR = 'M12 2.5l2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5-4.8-4.6 6.6-.9L12 2.5z';

/** Five stars filled in half-star steps (spec §9), with the value as the accessible name. */
export function Stars({ rating, className }: { rating: number; className?: string }) {
  const value = halfStars(rating);
  const gradient = useId();
  return (
    <span
      role="img"
      aria-label={`Rated ${value} out of 5`}
      className={cx('inline-flex text-gold-500', className)}
    >
      {[0, 1, 2, 3, 4].map((i) => {
        const fill = Math.min(1, Math.max(0, value - i));
        return (
          <svg key={i} aria-hidden="true" viewBox="0 0 24 24" className="size-4">
            {fill === 0.5 && (
              <defs>
                <linearGradient id={`${gradient}-${i}`}>
                  <stop offset="50%" stopColor="currentColor" />
                  <stop offset="50%" stopColor="transparent" />
                </linearGradient>
              </defs>
            )}
            <path
              d={STAR}
              stroke="currentColor"
              strokeWidth="1.5"
              fill={fill === 1 ? 'currentColor' : fill === 0.5 ? `url(#${gradient}-${i})` : 'none'}
            />
          </svg>
        );
      })}
    </span>
  );
}

/**
 * A card's rating: "★ 4.3 (12)" — the verified average to one decimal and how many rated;
 * nothing before anyone rated. One accessible name says it in words.
 */
export function RatingSummary({ average, count }: { average: number; count: number }) {
  if (count < 1) return null;
  const value = average.toFixed(1);
  return (
    <span
      role="img"
      aria-label={`Rated ${value} out of 5 by ${String(count)} ${count === 1 ? 'shopper' : 'shoppers'}`}
      className="inline-flex items-center gap-1 text-sm whitespace-nowrap"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4 shrink-0 text-gold-500">
        <path d={STAR} fill="currentColor" />
      </svg>
      <span aria-hidden="true" className="font-semibold">
        {value}
      </span>
      <span aria-hidden="true" className="text-muted">
        ({count})
      </span>
    </span>
  );
}
