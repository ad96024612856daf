import { useSyncExternalStore } from 'react';
import { cx } from '@/lib/cx';

// Short messages that do not belong to one place on the page (the spec's alerts, e.g. the
// wishlist's): announced by screen readers, dismissable, gone by themselves after a while.

export type ToastKind = 'success' | 'error';
interface Toast {
  id: number;
  message: string;
  kind: ToastKind;
}

const SHOW_MS = 6000;
let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function set(next: readonly Toast[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

export function dismissToast(id: number) {
  set(toasts.filter((t) => t.id !== id));
}

export function showToast(message: string, kind: ToastKind = 'success') {
  const id = nextId++;
  set([...toasts, { id, message, kind }]);
  window.setTimeout(() => {
    dismissToast(id);
  }, SHOW_MS);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Renders the toasts; mounted once by the layout. */
export default function Toaster() {
  const list = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex flex-col items-center gap-2 px-4">
      {list.map((t) => (
        <div
          key={t.id}
          role={t.kind === 'error' ? 'alert' : 'status'}
          className={cx(
            'pointer-events-auto flex w-full max-w-md items-center justify-between gap-3 rounded-card px-4 py-2 shadow-raised',
            t.kind === 'error' ? 'bg-danger-700 text-white' : 'bg-brand-800 text-white',
          )}
        >
          <span>{t.message}</span>
          <button
            type="button"
            aria-label="Dismiss"
            onClick={() => {
              dismissToast(t.id);
            }}
            className="inline-flex size-tap shrink-0 items-center justify-center rounded-control text-xl"
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ))}
    </div>
  );
}
