import { useId } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { REGIONS, type Region } from '@/lib/regions';

/** The sixteen regions to choose from; choosing one closes the dialog. */
export function RegionPicker({
  current,
  onChoose,
  onClose,
}: {
  current: Region | null;
  onChoose: (region: Region) => void;
  onClose: () => void;
}) {
  const title = useId();
  return (
    <Dialog labelledBy={title} onClose={onClose}>
      <h2 id={title} className="mb-1 pr-8 text-xl font-bold">
        Your region
      </h2>
      <p className="mb-4 text-sm text-muted">Delivery fees and dates depend on where you are.</p>
      <ul className="grid grid-cols-1 gap-2 min-[360px]:grid-cols-2">
        {(Object.entries(REGIONS) as [Region, string][]).map(([code, name]) => (
          <li key={code}>
            <button
              type="button"
              aria-pressed={code === current}
              onClick={() => {
                onChoose(code);
                onClose();
              }}
              className="min-h-tap w-full rounded-control border border-line px-3 py-2 text-left font-semibold hover:border-brand-600 aria-pressed:border-brand-600 aria-pressed:bg-brand-50"
            >
              {name}
            </button>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
