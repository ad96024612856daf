import { dismissRefusals, useRefusals } from '@/features/cart/api/offline-queue';
import { Button } from '@/components/ui/button';
import { useOnline } from '@/lib/online';
import { applyUpdate, useUpdateWaiting } from './update';

export const OFFLINE_BANNER =
  'You are offline. Pages you have seen still open; changes to your bag are sent when you are back online.';
export const NEW_VERSION = 'A new version of Dwa is ready.';

/**
 * What the shop says about the connection and the app itself, on every page: the offline banner,
 * the reasons the shop refused bag changes made offline, and the new-version prompt. Kept at the
 * bottom of the screen, over the page, without blocking it.
 */
export function PwaParts() {
  const online = useOnline();
  const refusals = useRefusals();
  const update = useUpdateWaiting();
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-2 p-2">
      {refusals.length > 0 && (
        <div
          role="alert"
          className="pointer-events-auto w-full max-w-lg rounded-card bg-white p-3 text-sm shadow-card"
        >
          <p className="font-bold">Some changes to your bag could not be made:</p>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {refusals.map((text, i) => (
              <li key={i} className="break-words text-danger-700">
                {text}
              </li>
            ))}
          </ul>
          <Button variant="secondary" className="mt-2" onClick={dismissRefusals}>
            Dismiss
          </Button>
        </div>
      )}
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
