import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Handle } from '@/components/ui/handle';
import { Button } from '@/components/ui/button';
import { ScrollRow } from '@/components/ui/scroll-row';
import { Stars } from '@/components/ui/stars';
import { sanitizeHtml } from '@/lib/sanitize';
import { formatDate } from '@/lib/dates';
import { storePath } from '@/lib/store-path';
import type { Product } from '../api/get-product';

/** Spec §9: Contact Seller shows the store's details after a 500 ms wait. */
export const CONTACT_DELAY_MS = 500;

export const SECTIONS = [
  { id: 'reviews', label: 'Reviews' },
  { id: 'description', label: 'Description' },
  { id: 'specification', label: 'Specification' },
  { id: 'store', label: 'Store' },
  { id: 'related', label: 'Related Products' },
] as const;

/** The sticky section navigation: scrolls smoothly (unless motion is reduced) to a section. */
export function SectionNav() {
  return (
    <ScrollRow
      label="Product sections"
      className="sticky top-0 z-20 -mx-4 mb-6 border-b border-line bg-canvas/95 backdrop-blur"
      rowClassName="px-4"
    >
      <ul className="flex gap-1 whitespace-nowrap">
        {SECTIONS.map((s) => (
          <li key={s.id}>
            <a
              href={`#${s.id}`}
              onClick={(event) => {
                const target = document.getElementById(s.id);
                if (!target) return;
                event.preventDefault();
                const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
                target.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
                target.focus({ preventScroll: true });
              }}
              className="inline-flex min-h-tap items-center px-3 text-sm font-semibold text-brand-800 hover:text-brand-600"
            >
              {s.label}
            </a>
          </li>
        ))}
      </ul>
    </ScrollRow>
  );
}

/** A titled section the navigation can reach (focusable so the jump moves keyboard focus too). */
export function Section({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      tabIndex={-1}
      aria-labelledby={`${id}-title`}
      className="scroll-mt-16 rounded-card bg-white p-4 shadow-card outline-none sm:p-6"
    >
      <h2 id={`${id}-title`} className="mb-4 text-xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

const richText =
  'space-y-3 break-words [&_a]:text-brand-700 [&_a]:underline [&_h2]:text-lg [&_h2]:font-bold [&_h3]:font-bold [&_li]:ml-5 [&_ol]:list-decimal [&_table]:w-full [&_td]:border [&_td]:border-line [&_td]:p-2 [&_th]:border [&_th]:border-line [&_th]:p-2 [&_th]:text-left [&_ul]:list-disc';

/** Product HTML (description, specification), sanitised again before it is shown. */
export function RichText({ html, empty }: { html: string | null | undefined; empty: string }) {
  const clean = html ? sanitizeHtml(html) : '';
  if (clean.trim() === '') return <p className="text-muted">{empty}</p>;
  // Sanitised just above: only the allowlisted tags and attributes remain.
  return <div className={richText} dangerouslySetInnerHTML={{ __html: clean }} />;
}

/** Verified reviews only (spec §4), each with its author's verified rating when there is one. */
export function ReviewList({ product }: { product: Product }) {
  const reviews = product.reviews.filter((r) => r.is_verified);
  if (reviews.length === 0) {
    return <p className="text-muted">No reviews yet. Be the first to review this product!</p>;
  }
  const ratings = new Map(
    product.ratings.filter((r) => r.is_verified).map((r) => [r.username, r.rating]),
  );
  return (
    <ul className="divide-y divide-line">
      {reviews.map((review) => {
        const rating = ratings.get(review.author);
        return (
          <li key={review.id} className="py-3">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span className="font-semibold">
                <Handle text={review.author} />
              </span>
              {rating !== undefined && <Stars rating={rating} />}
              <time dateTime={review.date_created} className="text-sm text-muted">
                {formatDate(review.date_created)}
              </time>
            </div>
            <p className="mt-1 whitespace-pre-line">{review.review}</p>
          </li>
        );
      })}
    </ul>
  );
}

/** The store card: Contact Seller toggles the contact details, after a short wait to show them. */
export function StoreCard({ store }: { store: NonNullable<Product['store']> }) {
  const [contact, setContact] = useState<'hidden' | 'waiting' | 'shown'>('hidden');
  const timer = useRef<number | undefined>(undefined);
  useEffect(
    () => () => {
      window.clearTimeout(timer.current);
    },
    [],
  );

  function toggle() {
    if (contact !== 'hidden') {
      window.clearTimeout(timer.current);
      setContact('hidden');
      return;
    }
    setContact('waiting');
    timer.current = window.setTimeout(() => {
      setContact('shown');
    }, CONTACT_DELAY_MS);
  }

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
      {store.logo ? (
        <img
          src={store.logo}
          alt={`${store.name} logo`}
          width={80}
          height={80}
          loading="lazy"
          className="size-20 shrink-0 rounded-card bg-canvas object-contain"
        />
      ) : null}
      <div className="flex-1">
        <p className="text-lg font-semibold break-words">
          <Link to={storePath(store)} className="text-brand-700 underline">
            {store.name}
          </Link>
        </p>
        {store.description && <p className="mt-1 text-muted">{store.description}</p>}
        <Button
          variant="secondary"
          className="mt-3"
          aria-expanded={contact === 'shown'}
          onClick={toggle}
        >
          Contact Seller
        </Button>
        <div aria-live="polite" className="mt-2">
          {contact === 'waiting' && <p className="text-muted">Loading...</p>}
          {contact === 'shown' && (
            <p className="font-semibold">{store.contact_info || 'No contact details given.'}</p>
          )}
        </div>
      </div>
    </div>
  );
}
