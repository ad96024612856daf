import { useId, useState, type SubmitEvent } from 'react';
import { useNavigate } from 'react-router';
import { cx } from '@/lib/cx';

/** Submitting a non-blank query opens /search?query=<text>; a blank one does nothing (spec §5). */
export function SearchBox({ className }: { className?: string }) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const inputId = useId();

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const query = text.trim();
    if (query === '') return;
    void navigate(`/search?query=${encodeURIComponent(query)}`);
  }

  return (
    <form role="search" onSubmit={onSubmit} className={cx('flex', className)}>
      <label htmlFor={inputId} className="sr-only">
        Search products
      </label>
      <input
        id={inputId}
        type="search"
        name="query"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
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
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
          strokeLinecap="round"
        >
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5" />
        </svg>
      </button>
    </form>
  );
}
