import type { ReactNode } from 'react';
import { Button } from './button';

/** An error box, announced when it appears. Red is reserved for errors (and sale prices). */
export function ErrorAlert({ children }: { children: ReactNode }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-3 rounded-card border border-danger-600/40 bg-danger-50 p-4 text-danger-700"
    >
      {children}
    </div>
  );
}

/** A failed load: the spec's text and a way to try again without reloading the page. */
export function LoadError({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <ErrorAlert>
      <span>{text}</span>
      <Button variant="secondary" onClick={onRetry}>
        Try Again
      </Button>
    </ErrorAlert>
  );
}
