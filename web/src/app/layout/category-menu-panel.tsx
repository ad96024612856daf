import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { useCategories, type Category } from '@/features/catalog/api/get-categories';
import { cx } from '@/lib/cx';
import { Chevron } from './chevron';

// Spec §9: a sub menu opens after the pointer rests 100 ms on its item and closes 200 ms after
// it leaves, so a pointer crossing the menu diagonally does not flicker through sub menus.
export const SUBMENU_OPEN_MS = 100;
export const SUBMENU_CLOSE_MS = 200;

/** The open 'All Categories' menu: loaded with its first opening, not with every page. */
export default function CategoryMenuPanel() {
  const { data, isPending, isError, refetch, isRefetching } = useCategories();
  if (isPending) {
    return (
      <p role="status" className="rounded-control bg-white p-3 text-muted">
        Loading...
      </p>
    );
  }
  if (isError) {
    return (
      <div className="rounded-control bg-white p-3">
        <p role="alert" className="text-danger-700">
          Error loading categories
        </p>
        <button
          type="button"
          disabled={isRefetching}
          onClick={() => {
            void refetch();
          }}
          className="mt-2 inline-flex min-h-tap items-center font-semibold text-brand-700 underline"
        >
          Try again
        </button>
      </div>
    );
  }
  return <CategoryList items={data} parents={[]} />;
}

function CategoryList({
  items,
  parents,
  onBack,
}: {
  items: readonly Category[];
  parents: readonly string[];
  /** Leaves this sub menu (ArrowLeft): closes it and focuses its parent's item. */
  onBack?: () => void;
}) {
  const [openId, setOpenId] = useState<number | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const list = useRef<HTMLUListElement>(null);
  const level = parents.length + 1;

  useEffect(
    () => () => {
      window.clearTimeout(timer.current);
    },
    [],
  );

  function later(ms: number, id: number | null) {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      setOpenId(id);
    }, ms);
  }

  function links(): HTMLAnchorElement[] {
    return [...(list.current?.querySelectorAll<HTMLAnchorElement>(':scope > li > div > a') ?? [])];
  }

  function onKeyDown(event: KeyboardEvent<HTMLElement>, item: Category) {
    const all = links();
    const at = all.findIndex((a) => a.parentElement?.contains(document.activeElement));
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        all[(at + step + all.length) % all.length]?.focus();
        break;
      }
      case 'ArrowRight':
        if (item.subcategories.length > 0) {
          event.preventDefault();
          window.clearTimeout(timer.current);
          setOpenId(item.id);
          // After the sub menu renders, move into it.
          window.requestAnimationFrame(() => {
            list.current?.querySelector<HTMLAnchorElement>(`[data-parent="${item.id}"] a`)?.focus();
          });
        }
        break;
      case 'ArrowLeft':
        if (onBack) {
          event.preventDefault();
          onBack();
        }
        break;
    }
  }

  return (
    <ul
      ref={list}
      className={cx(
        'bg-white py-1',
        level === 1 ? 'rounded-control' : 'pl-4 md:pl-0',
        level > 1 &&
          'md:absolute md:top-0 md:left-full md:w-64 md:rounded-control md:shadow-raised',
      )}
    >
      {items.map((item) => {
        const path = ['/category', ...parents, item.slug].join('/');
        const children = item.subcategories;
        const isOpen = openId === item.id;
        return (
          <li
            key={item.id}
            onPointerEnter={(event) => {
              if (event.pointerType === 'mouse') later(SUBMENU_OPEN_MS, item.id);
            }}
            onPointerLeave={(event) => {
              if (event.pointerType === 'mouse') later(SUBMENU_CLOSE_MS, null);
            }}
            onKeyDown={(event) => {
              event.stopPropagation();
              onKeyDown(event, item);
            }}
          >
            <div className="flex items-center">
              <Link
                to={path}
                className={cx(
                  'flex min-h-tap flex-1 items-center px-3 hover:bg-brand-50 hover:text-brand-800',
                  isOpen && 'bg-brand-50 text-brand-800',
                )}
              >
                {item.name}
              </Link>
              {children.length > 0 && (
                <button
                  type="button"
                  aria-expanded={isOpen}
                  aria-label={`${item.name} subcategories`}
                  data-toggle={item.id}
                  onClick={() => {
                    window.clearTimeout(timer.current);
                    setOpenId(isOpen ? null : item.id);
                  }}
                  className="inline-flex size-tap items-center justify-center text-muted hover:bg-brand-50"
                >
                  <Chevron className="md:-rotate-90" />
                </button>
              )}
            </div>
            {isOpen && children.length > 0 && (
              <div data-parent={item.id}>
                <CategoryList
                  items={children}
                  parents={[...parents, item.slug]}
                  onBack={() => {
                    setOpenId(null);
                    list.current
                      ?.querySelector<HTMLButtonElement>(`[data-toggle="${item.id}"]`)
                      ?.focus();
                  }}
                />
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
