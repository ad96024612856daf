import { cx } from '@/lib/cx';

/** Whether a product is on sale ('Active') or taken off it ('Inactive'). */
export function ActiveBadge({ active }: { active: boolean }) {
  return (
    <span
      className={cx(
        'inline-flex rounded-pill px-2 py-0.5 text-xs font-semibold',
        active ? 'bg-brand-700 text-white' : 'bg-canvas text-muted ring-1 ring-line ring-inset',
      )}
    >
      {active ? 'Active' : 'Inactive'}
    </span>
  );
}
