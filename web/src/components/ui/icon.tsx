import type { ReactNode } from 'react';
import { cx } from '@/lib/cx';

// Line icons drawn on a 24-unit grid: decorative (hidden from assistive
// technology — the button or link around them carries the name).
export function Icon({
  children,
  className,
  strokeWidth = 2,
  filled = false,
}: {
  children: ReactNode;
  className?: string;
  strokeWidth?: number;
  filled?: boolean;
}) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={cx('size-6', className)}
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}
