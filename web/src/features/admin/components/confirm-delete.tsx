import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';

/**
 * Asks before deleting `what` (a zone, a station, a holiday): shoppers' fees and dates change at
 * once. `onDelete` runs the caller's action (its outcome shows beside the list), then closes.
 */
export function ConfirmDelete({
  what,
  consequence,
  busy,
  onDelete,
  onClose,
}: {
  what: string;
  consequence: string;
  busy: boolean;
  onDelete: () => Promise<void>;
  onClose: () => void;
}) {
  const headingId = useId();
  return (
    <Dialog labelledBy={headingId} onClose={onClose}>
      <h2 id={headingId} className="pr-10 text-xl font-bold break-words">
        Delete {what}?
      </h2>
      <p className="my-4">{consequence}</p>
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onClose}>
          Keep it
        </Button>
        <Button aria-disabled={busy} onClick={() => void onDelete()}>
          Delete
        </Button>
      </div>
    </Dialog>
  );
}
