import { useState } from 'react';
import { Link } from 'react-router';
import { Price } from '@/components/ui/price';
import { Stepper } from '@/components/ui/stepper';
import { Thumbnail } from '@/components/ui/thumbnail';
import { Spinner } from '@/components/ui/loading';
import { problemText } from '@/lib/api/problem';
import { optionsLabel } from '@/lib/variants';
import type { CartItem } from '../api/cart-items';

/** The most of one product a line may hold (contract §2.3). */
const LINE_MAX = 99;

export const UPDATE_FAILED = 'Failed to update quantity. Please try again.';
export const REMOVE_FAILED = 'Failed to remove item. Please try again.';

/** Why a line cannot be ordered as it is, or null when it can. */
export function unavailableReason(item: CartItem): string | null {
  if (item.available) return null;
  const stock = lineStock(item);
  if (stock >= item.quantity) return 'This product is no longer available. Please remove it.';
  if (stock < 1) return 'Out of Stock. Please remove it from your bag.';
  return `Only ${String(stock)} left in stock. Please lower the quantity.`;
}

/** The stock the line draws on: its variant's, or the product's without options. */
export function lineStock(item: CartItem): number {
  return item.variant?.inventory ?? item.product.inventory;
}

/**
 * One line of the bag (spec §2, §4): picture, name, price, quantity (step 1, never below 1 nor
 * above the stock) and remove. While its change is on its way the line is busy and its
 * controls rest, so taps cannot pile up requests.
 */
export function BagLine({
  item,
  onQuantity,
  onRemove,
}: {
  item: CartItem;
  onQuantity: (item: CartItem, quantity: number) => Promise<void>;
  onRemove: (item: CartItem) => Promise<void>;
}) {
  const [busy, setBusy] = useState<'updating' | 'removing' | null>(null);
  const [error, setError] = useState('');
  const reason = unavailableReason(item);
  const max = Math.max(1, Math.min(LINE_MAX, lineStock(item)));
  const chosen = optionsLabel(item.variant?.options);

  async function run(kind: 'updating' | 'removing', action: () => Promise<void>, failed: string) {
    setBusy(kind);
    setError('');
    try {
      await action();
    } catch (e) {
      const why = problemText(e);
      setError(why ? `${failed} ${why}` : failed);
      setBusy(null);
      return;
    }
    if (kind === 'updating') setBusy(null);
  }

  return (
    <li
      aria-busy={busy !== null}
      aria-label={chosen ? `${item.product.name}, ${chosen}` : item.product.name}
      className="flex gap-3 rounded-card bg-white p-3 shadow-card sm:gap-4 sm:p-4"
    >
      <Thumbnail src={item.product.images[0]?.image} />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
          <Link
            to={`/store/products/${String(item.product.id)}`}
            className="font-semibold break-words hover:text-brand-700"
          >
            {item.product.name}
          </Link>
          <Price amount={item.total_price} />
        </div>
        {chosen && <p className="text-sm break-words">{chosen}</p>}
        <p className="text-sm text-muted">
          <Price
            amount={item.variant?.unit_price ?? item.product.unit_price}
            className="font-normal"
          />{' '}
          each
        </p>
        {reason && <p className="text-sm font-semibold text-danger-700">{reason}</p>}
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Stepper
            label="Quantity"
            value={item.quantity}
            min={1}
            max={max}
            disabled={busy !== null}
            onChange={(quantity) => {
              if (quantity < 1 || quantity === item.quantity) return;
              void run('updating', () => onQuantity(item, quantity), UPDATE_FAILED);
            }}
          />
          <button
            type="button"
            disabled={busy !== null}
            onClick={() => void run('removing', () => onRemove(item), REMOVE_FAILED)}
            className="inline-flex min-h-tap items-center px-2 font-semibold text-danger-700 underline underline-offset-4 disabled:opacity-60"
          >
            Remove
          </button>
        </div>
        {busy && (
          <p role="status" className="flex items-center gap-2 text-sm text-muted">
            <Spinner className="size-4" />
            {busy === 'updating' ? 'Updating…' : 'Removing…'}
          </p>
        )}
        {error && (
          <p role="alert" className="text-sm text-danger-700">
            {error}
          </p>
        )}
      </div>
    </li>
  );
}
