import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
} from 'react';

type Frame = {
  label: string;
  /** A line of help under the label (a format hint); the control is described by it. */
  hint?: string;
  onValueChange?: (value: string) => void;
};

/** The label and hint around a form control; `children` gets the control's id and description. */
function FieldFrame({
  label,
  hint,
  className,
  children,
}: {
  label: string;
  hint?: string;
  className?: string;
  children: (id: string, describedBy: string | undefined) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
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
      {children(id, hint ? hintId : undefined)}
    </div>
  );
}

/** A labelled text input, the one text control of every form. */
export function Field({
  label,
  hint,
  onValueChange,
  className,
  ...input
}: Frame & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange'>) {
  return (
    <FieldFrame label={label} hint={hint} className={className}>
      {(id, describedBy) => (
        <input
          type="text"
          {...input}
          id={id}
          aria-describedby={describedBy}
          onChange={(e) => {
            onValueChange?.(e.target.value);
          }}
          className="min-h-tap w-full rounded-control border border-line px-3"
        />
      )}
    </FieldFrame>
  );
}

/** A labelled multi-line text box. */
export function TextAreaField({
  label,
  hint,
  onValueChange,
  className,
  ...textarea
}: Frame & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'onChange'>) {
  return (
    <FieldFrame label={label} hint={hint} className={className}>
      {(id, describedBy) => (
        <textarea
          {...textarea}
          id={id}
          aria-describedby={describedBy}
          onChange={(e) => {
            onValueChange?.(e.target.value);
          }}
          className="w-full rounded-control border border-line p-3"
        />
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
