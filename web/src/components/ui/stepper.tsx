import { useId } from 'react';

/**
 * A number between `min` and `max` changed by − and + buttons, each disabled at its bound
 * (spec §5: quantity 1–99, rating 1–5). The value is announced as it changes.
 */
export function Stepper({
  label,
  value,
  min,
  max,
  onChange,
  format = String,
  disabled = false,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
  format?: (value: number) => string;
  /** Rests both buttons, e.g. while the last change is being saved. */
  disabled?: boolean;
}) {
  const labelId = useId();
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <span id={labelId} className="font-semibold">
        {label}
      </span>
      <div role="group" aria-labelledby={labelId} className="flex items-center">
        <StepButton
          label={`Decrease ${label.toLowerCase()}`}
          disabled={disabled || value <= min}
          onClick={() => {
            onChange(Math.max(min, value - 1));
          }}
        >
          −
        </StepButton>
        <output aria-live="polite" className="min-w-12 px-1 text-center font-semibold">
          {format(value)}
        </output>
        <StepButton
          label={`Increase ${label.toLowerCase()}`}
          disabled={disabled || value >= max}
          onClick={() => {
            onChange(Math.min(max, value + 1));
          }}
        >
          +
        </StepButton>
      </div>
    </div>
  );
}

function StepButton({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string;
  disabled: boolean;
  onClick: () => void;
  children: string;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
      className="inline-flex size-tap items-center justify-center rounded-control border border-line bg-white text-xl font-bold disabled:cursor-not-allowed disabled:opacity-40"
    >
      <span aria-hidden="true">{children}</span>
    </button>
  );
}
