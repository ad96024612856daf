import type { ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from 'react-router';
import { cx } from '@/lib/cx';

type Variant = 'primary' | 'secondary' | 'accent';

const variants: Record<Variant, string> = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800',
  secondary: 'bg-white text-brand-800 ring-1 ring-brand-200 ring-inset hover:bg-brand-50',
  accent: 'bg-gold-400 text-ink hover:bg-gold-500',
};

function buttonClass(variant: Variant, className?: string) {
  return cx(
    'inline-flex min-h-tap items-center justify-center gap-2 rounded-control px-5 font-semibold',
    'transition-colors disabled:cursor-not-allowed disabled:opacity-60',
    'aria-disabled:cursor-not-allowed aria-disabled:opacity-60',
    variants[variant],
    className,
  );
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant };

/**
 * A button. `aria-disabled` turns it off but keeps it focusable (unlike `disabled`, which drops
 * the focus to the page's body, out of a dialog): it then ignores clicks, and so also a form's
 * submission by Enter, which the browser performs as a click on the submit button.
 */
export function Button({
  variant = 'primary',
  className,
  type = 'button',
  onClick,
  ...props
}: ButtonProps) {
  const off = props['aria-disabled'] === true || props['aria-disabled'] === 'true';
  return (
    <button
      type={type}
      className={buttonClass(variant, className)}
      onClick={(event) => {
        if (off) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
      {...props}
    />
  );
}

type ButtonLinkProps = LinkProps & { variant?: Variant };

/** A link that looks like a button (navigation stays a real link). */
export function ButtonLink({ variant = 'primary', className, ...props }: ButtonLinkProps) {
  return <Link className={buttonClass(variant, className)} {...props} />;
}
