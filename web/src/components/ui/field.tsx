import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { cx } from '@/lib/cx';

type Frame = {
  label: string;
  /** A line of help under the label (a format hint); the control is described by it. */
  hint?: string;
  /** What is wrong with the value, shown under the control; the control is marked invalid. */
  error?: string;
  onValueChange?: (value: string) => void;
};

/** The ids and state a control takes from its frame. */
interface ControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

/** The label, hint and error around a form control; `children` gets the control's props. */
function FieldFrame({
  label,
  hint,
  error,
  className,
  children,
}: {
  label: string;
  hint?: string;
  error?: string;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block font-semibold">
        {label}
      </label>
      {hint && (
        <p id={hintId} className="mb-1 text-sm text-muted">
          {hint}
        </p>
      )}
      {children({
        id,
        'aria-describedby': describedBy || undefined,
        'aria-invalid': error ? true : undefined,
      })}
      {error && (
        <p id={errorId} className="mt-1 text-sm font-semibold text-danger-700">
          {error}
        </p>
      )}
    </div>
  );
}

const controlClass = (error: string | undefined) =>
  cx('w-full rounded-control border', error ? 'border-danger-600' : 'border-line');

/** A labelled text input, the one text control of every form. */
export function Field({
  label,
  hint,
  error,
  onValueChange,
  className,
  ...input
}: Frame & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange'>) {
  return (
    <FieldFrame label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <input
          type="text"
          {...input}
          {...control}
          onChange={(e) => {
            onValueChange?.(e.target.value);
          }}
          className={cx('min-h-tap px-3', controlClass(error))}
        />
      )}
    </FieldFrame>
  );
}

/** A labelled multi-line text box. */
export function TextAreaField({
  label,
  hint,
  error,
  onValueChange,
  className,
  ...textarea
}: Frame & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'onChange'>) {
  return (
    <FieldFrame label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <textarea
          {...textarea}
          {...control}
          onChange={(e) => {
            onValueChange?.(e.target.value);
          }}
          className={cx('p-3', controlClass(error))}
        />
      )}
    </FieldFrame>
  );
}

/** A labelled drop-down list; `children` are its options. */
export function SelectField({
  label,
  hint,
  error,
  onValueChange,
  className,
  children,
  ...select
}: Frame & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'onChange'>) {
  return (
    <FieldFrame label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <select
          {...select}
          {...control}
          onChange={(e) => {
            onValueChange?.(e.target.value);
          }}
          className={cx('min-h-tap bg-white px-2 disabled:opacity-60', controlClass(error))}
        >
          {children}
        </select>
      )}
    </FieldFrame>
  );
}

/** A form's outcome lines: live regions, so the result is read out without moving focus. */
export function FormMessages({ error, success }: { error: string; success?: string }) {
  return (
    <>
      <p role="alert" className="text-danger-700 empty:hidden">
        {error}
      </p>
      <p role="status" className="font-semibold text-brand-700 empty:hidden">
        {success}
      </p>
    </>
  );
}
