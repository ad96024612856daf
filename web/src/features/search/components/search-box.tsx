import { useEffect, useId, useState, type KeyboardEvent, type SubmitEvent } from 'react';
import { useDebounced } from '@/lib/use-debounced';
import { useNavigate } from 'react-router';
import { cx } from '@/lib/cx';
import { useSuggestions } from '../api/get-suggestions';
import { Icon } from '@/components/ui/icon';

/** Spec §5/§9: suggestions are asked for after a 100 ms pause in typing. */
export const SUGGEST_DELAY_MS = 100;

/**
 * The header's search (spec §2, §5), an ARIA 1.2 combobox: typing shows up to 5 suggestions,
 * each leading to its product; arrows move through them, Enter opens the chosen one (or searches
 * for the text), Escape closes the list. A blank query goes nowhere; any other opens
 * /search?query=<text, URL-encoded>.
 */
export function SearchBox({ className }: { className?: string }) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const inputId = useId();
  const listId = useId();
  const term = useDebounced(text, SUGGEST_DELAY_MS);
  const { data, isError, error } = useSuggestions(term);
  const suggestions = text.trim() === '' ? [] : (data ?? []);
  const expanded = open && suggestions.length > 0;

  useEffect(() => {
    // Spec §8: a failed suggestion load is only logged; the box keeps working.
    if (isError) console.error('Search suggestions failed', error);
  }, [isError, error]);

  function close() {
    setOpen(false);
    setActive(-1);
  }

  function go(to: string) {
    close();
    void navigate(to);
  }

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const chosen = expanded ? suggestions[active] : undefined;
    if (chosen) {
      go(`/store/products/${chosen.id}`);
      return;
    }
    const query = text.trim();
    if (query === '') return;
    go(`/search?query=${encodeURIComponent(query)}`);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = suggestions.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (count === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // -1 is the text itself: moving past either end returns to it.
      setActive((i) => ((i + step + 1 + count + 1) % (count + 1)) - 1);
    } else if (event.key === 'Escape') {
      if (expanded) {
        event.preventDefault();
        close();
      } else if (text !== '') {
        setText('');
      }
    }
  }

  const optionId = (i: number) => `${listId}-${i}`;

  return (
    <form
      role="search"
      onSubmit={onSubmit}
      className={cx('relative flex', className)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) close();
      }}
    >
      <label htmlFor={inputId} className="sr-only">
        Search products
      </label>
      <input
        id={inputId}
        type="search"
        name="query"
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => {
          setOpen(true);
        }}
        placeholder="Search products…"
        autoComplete="off"
        enterKeyHint="search"
        className="min-h-tap w-full min-w-0 rounded-l-control bg-white px-3 text-ink placeholder:text-muted"
      />
      <button
        type="submit"
        aria-label="Search"
        className="inline-flex min-h-tap min-w-tap items-center justify-center rounded-r-control bg-gold-400 text-ink hover:bg-gold-500"
      >
        <Icon className="size-5" strokeWidth={2.5}>
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5" />
        </Icon>
      </button>
      <ul
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-30 mt-1 overflow-hidden rounded-control bg-white text-ink shadow-raised"
      >
        {suggestions.map((s, i) => (
          <li
            key={s.id}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            // Keeps the focus in the box so the list does not close before the click lands.
            onMouseDown={(event) => {
              event.preventDefault();
            }}
            onClick={() => {
              go(`/store/products/${s.id}`);
            }}
            className={cx(
              'flex min-h-tap cursor-pointer items-center px-3',
              i === active ? 'bg-brand-50 text-brand-800' : 'hover:bg-canvas',
            )}
          >
            {s.name}
          </li>
        ))}
      </ul>
    </form>
  );
}
