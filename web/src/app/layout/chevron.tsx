import { Icon } from '@/components/ui/icon';
import { cx } from '@/lib/cx';

export function Chevron({ className }: { className?: string }) {
  return (
    <Icon className={cx('size-4', className)} strokeWidth={2.5}>
      <path d="m6 9 6 6 6-6" />
    </Icon>
  );
}
