import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { cx } from '@/lib/cx';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog: focus moves into it and Tab cycles inside it; Escape (wherever the focus is)
 * and a click outside close it; focus returns where it was when it closes. It is rendered at the
 * end of the document and makes everything else inert while open, so screen readers and
 * pointers cannot reach behind it either.
 *
 * `sheet` draws it as a bottom sheet (a phone's panel of choices): the width of the screen, sliding
 * up from the bottom; the focus goes to the sheet itself, so that no keyboard opens over it.
 */
export function Dialog({
  labelledBy,
  onClose,
  sheet = false,
  children,
}: {
  labelledBy: string;
  onClose: () => void;
  sheet?: boolean;
  children: ReactNode;
}) {
  const panel = useRef<HTMLDivElement>(null);
  const [host] = useState(() => document.createElement('div'));
  const closeRef = useRef(onClose);

  // In the document before anything paints or takes the focus.
  useLayoutEffect(() => {
    document.body.append(host);
    const others = [...document.body.children].filter(
      (el) => el !== host && !el.hasAttribute('inert'),
    );
    // The attribute rather than the property: jsdom lacks the property, and tests look for it.
    for (const el of others) el.setAttribute('inert', '');
    return () => {
      for (const el of others) el.removeAttribute('inert');
      host.remove();
    };
  }, [host]);
  useEffect(() => {
    closeRef.current = onClose;
  });

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // The first field, so typing can start at once; else the first control.
    const first = sheet
      ? null
      : (panel.current?.querySelector<HTMLElement>('input, textarea') ??
        panel.current?.querySelector<HTMLElement>(FOCUSABLE));
    (first ?? panel.current)?.focus();
    return () => {
      // The opener may be gone (a menu that closed): then the focus goes to the page's start.
      if (opener?.isConnected) opener.focus();
    };
  }, [sheet]);

  // Keys are heard on the document, not on the panel: focus can leave the panel without the
  // shopper moving it (a focused control that gets disabled or removed drops it to the body),
  // and Escape and the Tab trap must keep working then too.
  useEffect(() => {
    function onKeyDown(event: globalThis.KeyboardEvent) {
      if (event.key === 'Escape') {
        closeRef.current();
        return;
      }
      if (event.key !== 'Tab' || !panel.current) return;
      const items = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      const active = document.activeElement;
      // The panel itself (focused on opening) counts as outside: Tab goes to the first control,
      // Shift+Tab to the last.
      const outside = active === panel.current || !panel.current.contains(active);
      if (event.shiftKey && (outside || active === first)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (outside || active === last)) {
        event.preventDefault();
        first.focus();
      }
    }
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
    };
  }, []);

  return createPortal(
    <div
      className={cx(
        'fixed inset-0 z-40 flex justify-center bg-ink/60',
        sheet ? 'items-end' : 'items-start overflow-y-auto p-4 sm:items-center',
      )}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) closeRef.current();
      }}
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        tabIndex={-1}
        className={cx(
          'relative w-full bg-white shadow-raised outline-none',
          sheet
            ? 'max-w-lg rounded-t-card px-4 pt-4 motion-safe:animate-sheet-up'
            : 'max-w-md rounded-card p-6',
        )}
      >
        <button
          type="button"
          aria-label="Close"
          onClick={() => {
            closeRef.current();
          }}
          className="absolute top-2 right-2 inline-flex size-tap items-center justify-center rounded-control text-2xl text-muted hover:bg-canvas"
        >
          <span aria-hidden="true">×</span>
        </button>
        {children}
      </div>
    </div>,
    host,
  );
}
