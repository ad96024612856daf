import { cx } from '@/lib/cx';
import {
  cssColour,
  isColourOption,
  valueState,
  type Choice,
  type ProductOption,
  type ProductVariant,
  type ValueState,
} from '@/lib/variants';

const WHY: Record<Exclude<ValueState, 'ok'>, string> = {
  'sold-out': 'Sold out',
  absent: 'Not available',
};

/**
 * The product's options as groups of buttons (colours as swatches with their name). A value is
 * judged against the options chosen BEFORE it only, so no choice can lock the shopper out of
 * another: changing an earlier option clears a later one that no longer fits (the page does
 * that). Values that cannot be bought are shown, disabled, and say why.
 */
export function VariantPicker({
  options,
  variants,
  choice,
  onChoose,
  missing,
}: {
  options: readonly ProductOption[];
  variants: readonly ProductVariant[];
  choice: Choice;
  onChoose: (index: number, value: string) => void;
  /** Set after a refused Add to Cart / Buy Now: the options still to choose are marked. */
  missing: boolean;
}) {
  return (
    <div className="space-y-3">
      {options.map((option, index) => {
        const before = choice.map((v, i) => (i < index ? v : null));
        const colour = isColourOption(option.name);
        const chosen = choice[index] ?? null;
        const unchosen = missing && chosen === null;
        return (
          <fieldset key={option.name} aria-invalid={unchosen || undefined}>
            <legend className="mb-1 font-semibold">
              {option.name}
              {chosen !== null && <span className="font-normal text-muted">: {chosen}</span>}
              {unchosen && (
                <span className="ml-2 text-sm font-semibold text-danger-700">
                  Choose {option.name.toLowerCase()}
                </span>
              )}
            </legend>
            <div className="flex flex-wrap gap-2">
              {option.values.map((value) => {
                const state = valueState(variants, before, index, value);
                const off = state !== 'ok';
                const pressed = chosen === value;
                const swatch = colour ? cssColour(value) : null;
                return (
                  <button
                    key={value}
                    type="button"
                    disabled={off}
                    aria-pressed={pressed}
                    aria-label={off ? `${value}, ${WHY[state].toLowerCase()}` : value}
                    onClick={() => {
                      onChoose(index, value);
                    }}
                    className={cx(
                      'inline-flex min-h-tap max-w-full items-center gap-2 rounded-control border-2 bg-white px-3 text-sm font-semibold',
                      pressed ? 'border-brand-700 bg-brand-50' : 'border-line',
                      off && 'cursor-not-allowed border-dashed text-muted',
                    )}
                  >
                    {swatch && (
                      <span
                        aria-hidden="true"
                        className={cx(
                          'size-5 shrink-0 rounded-full ring-1 ring-ink/30',
                          off && 'opacity-50',
                        )}
                        style={{ backgroundColor: swatch }}
                      />
                    )}
                    <span className={cx('break-words', off && 'line-through')}>{value}</span>
                    {/* The space keeps the visible text ("Blue Sold out") within the label. */}
                    {off && ' '}
                    {off && (
                      <span aria-hidden="true" className="text-xs font-normal">
                        {WHY[state]}
                      </span>
                    )}
                  </button>
                );
              })}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}
