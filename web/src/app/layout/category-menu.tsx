import { Suspense, useId, useRef, useState } from 'react';
import { useDismiss } from '@/components/ui/use-dismiss';
import { cx } from '@/lib/cx';
import { dataSaverOn } from '@/lib/data-saver';
import { lazyPart } from '@/lib/lazy-part';
import { Chevron } from './chevron';

const CategoryMenuPanel = lazyPart(() => import('./category-menu-panel'));

/** Starts loading the menu's code before it is needed (the pointer is on its way), unless saving data. */
function preload() {
  if (dataSaverOn()) return;
  void import('./category-menu-panel').catch(() => undefined);
}

/**
 * 'All Categories' (spec §2): the three category levels as nested lists of links. Sub menus open
 * on hover (with the delays above), by click or tap on their arrow button, and by keyboard
 * (ArrowRight opens, ArrowLeft goes back, ArrowUp/Down move, Escape closes). A failed load shows
 * the spec's message inside the menu; the rest of the header keeps working.
 */
export default function CategoryMenu() {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useDismiss(
    root,
    open,
    () => {
      setOpen(false);
    },
    button,
  );

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          setOpen((o) => !o);
        }}
        onPointerEnter={preload}
        onFocus={preload}
        className="inline-flex min-h-tap items-center gap-1 rounded-control px-2 text-sm font-semibold hover:text-gold-400"
      >
        All Categories
        <Chevron className={cx('transition-transform', open && 'rotate-180')} />
      </button>
      <div
        id={panelId}
        hidden={!open}
        onClick={(event) => {
          if ((event.target as Element).closest('a')) setOpen(false); // a link was followed
        }}
        className="z-30 mt-1 text-ink md:absolute md:top-full md:left-0 md:w-64 md:rounded-control md:bg-white md:shadow-raised"
      >
        {open && (
          <Suspense
            fallback={
              <p role="status" className="rounded-control bg-white p-3 text-muted">
                Loading...
              </p>
            }
          >
            <CategoryMenuPanel />
          </Suspense>
        )}
      </div>
    </div>
  );
}
