import type { ReactNode } from 'react';

/** A back-office list of records as cards (an account, a store), or `empty` when there are none. */
export function CardList<T extends { id: number }>({
  label,
  items,
  empty,
  children,
}: {
  label: string;
  items: readonly T[];
  empty: string;
  children: (item: T) => ReactNode;
}) {
  if (items.length === 0) return <p>{empty}</p>;
  return (
    <ul className="space-y-3" aria-label={label}>
      {items.map((item) => (
        <li
          key={item.id}
          className="flex flex-wrap items-center gap-3 rounded-card bg-white p-4 shadow-card"
        >
          {children(item)}
        </li>
      ))}
    </ul>
  );
}
