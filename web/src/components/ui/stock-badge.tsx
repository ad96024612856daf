import { cx } from '@/lib/cx';

/** 'In Stock: {n}' when inventory is above 0, otherwise 'Out of Stock' (spec §9). */
export function StockBadge({ inventory, className }: { inventory: number; className?: string }) {
  const inStock = inventory > 0;
  return (
    <span
      className={cx(
        'inline-flex rounded-pill px-2 py-0.5 text-xs font-semibold',
        inStock ? 'bg-brand-50 text-brand-800' : 'bg-danger-50 text-danger-700',
        className,
      )}
    >
      {inStock ? `In Stock: ${inventory}` : 'Out of Stock'}
    </span>
  );
}
