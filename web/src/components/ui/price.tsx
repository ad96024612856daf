import { formatPrice, MISSING_PRICE } from '@/lib/money';
import { cx } from '@/lib/cx';

/** A price as 'GH₵ 1,234.50', or the spec's text when the product has none. */
export function Price({
  amount,
  className,
}: {
  amount: string | number | null | undefined;
  className?: string;
}) {
  const text = formatPrice(amount);
  return (
    <span
      className={cx(
        text === MISSING_PRICE ? 'text-sm font-semibold text-brand-700' : 'font-bold',
        className,
      )}
    >
      {text}
    </span>
  );
}
