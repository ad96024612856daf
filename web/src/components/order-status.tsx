import { cx } from '@/lib/cx';
import type { components } from '@/lib/api/schema';

type Status = components['schemas']['Order']['status'];

const styles: Record<Status, string> = {
  pending: 'bg-gold-100 text-ink',
  processing: 'bg-brand-50 text-brand-800',
  shipped: 'bg-brand-100 text-brand-900',
  delivered: 'bg-brand-700 text-white',
  cancelled: 'bg-canvas text-muted ring-1 ring-line ring-inset',
};

/**
 * The order's status as a badge; the lower-case status names its style (spec §4), the text is
 * the status with a capital ('Pending').
 */
export function OrderStatus({ status }: { status: Status }) {
  return (
    <span
      data-status={status}
      className={cx('inline-flex rounded-pill px-2.5 py-0.5 text-sm font-semibold', styles[status])}
    >
      {status.charAt(0).toUpperCase() + status.slice(1)}
    </span>
  );
}
