import { bagQueue } from '@/features/cart/api/offline-queue';
import { wishlistQueue } from '@/features/wishlist/api/offline-queue';
import { Button } from '@/components/ui/button';
import { useOnline } from '@/lib/online';
import type { OfflineQueue } from '@/lib/offline-queue';
import { applyUpdate, useUpdateWaiting } from './update';

export const OFFLINE_BANNER =
  'You are offline. Pages you have seen still open; changes to your bag and wishlist are sent when you are back online.';
export const NEW_VERSION = 'A new version of Dwa is ready.';

/**
 * What the shop says about the connection and the app itself, on every page: the offline banner,
 * the reasons the shop refused bag and wishlist changes made offline, and the new-version prompt. Kept at the
 * bottom of the screen, over the page, without blocking it.
 */
export function PwaParts() {
  const online = useOnline();
  const update = useUpdateWaiting();
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-2 p-2">
      <Refusals queue={bagQueue} title="Some changes to your bag could not be made:" />
      <Refusals queue={wishlistQueue} title="Some changes to your wishlist could not be made:" />
      {update && (
        <div
          role="status"
          className="pointer-events-auto flex w-full max-w-lg items-center justify-between gap-3 rounded-card bg-brand-800 p-3 text-white shadow-card on-dark"
        >
          <p className="font-semibold">{NEW_VERSION}</p>
          <Button variant="accent" onClick={applyUpdate}>
            Reload
          </Button>
        </div>
      )}
      <div aria-live="polite" className="w-full max-w-lg">
        {!online && (
          <p className="pointer-events-auto rounded-card bg-ink p-3 text-sm font-semibold text-white">
            {OFFLINE_BANNER}
          </p>
        )}
      </div>
    </div>
  );
}

/** The server's reasons for refusing one queue's changes, until the shopper dismisses them. */
function Refusals<C>({ queue, title }: { queue: OfflineQueue<C>; title: string }) {
  const refusals = queue.useRefusals();
  if (refusals.length === 0) return null;
  return (
    <div
      role="alert"
      className="pointer-events-auto w-full max-w-lg rounded-card bg-white p-3 text-sm shadow-card"
    >
      <p className="font-bold">{title}</p>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        {refusals.map((text, i) => (
          <li key={i} className="break-words text-danger-700">
            {text}
          </li>
        ))}
      </ul>
      <Button variant="secondary" className="mt-2" onClick={queue.dismissRefusals}>
        Dismiss
      </Button>
    </div>
  );
}
