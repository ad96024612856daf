import type { ReactNode } from 'react';

/** The page's one h1. */
export function PageHeading({ children }: { children: ReactNode }) {
  return <h1 className="mb-6 text-2xl font-bold tracking-tight sm:text-3xl">{children}</h1>;
}
