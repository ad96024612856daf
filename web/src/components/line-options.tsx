import { optionsLabel, type ChosenOption } from '@/lib/variants';

/** What an order line adds for a product with options: their snapshot at order time. */
export interface OrderLineOptions {
  options?: ChosenOption[];
}

/** The options chosen for a bag or order line ("256 GB · Blue"); nothing without options. */
export function LineOptions({ options }: { options: readonly ChosenOption[] | null | undefined }) {
  const label = optionsLabel(options);
  if (!label) return null;
  return (
    <span className="block text-sm font-normal break-words text-ink">
      <span className="sr-only">Options: </span>
      {label}
    </span>
  );
}
