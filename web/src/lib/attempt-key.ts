import { useState } from 'react';
import { randomKey } from './random-key';

/**
 * The `Idempotency-Key` of one attempt at a request: the same body keeps its key, so a double
 * tap or a retry after a lost answer replays the first result instead of repeating it; a changed
 * body is a new attempt with a new key (the server refuses a reused key with another body).
 */
export function attemptKeys(): (body: unknown) => string {
  let last: { body: string; key: string } | null = null;
  return (body) => {
    const text = JSON.stringify(body);
    if (last?.body !== text) last = { body: text, key: randomKey() };
    return last.key;
  };
}

/** `attemptKeys` kept for the life of a component. */
export function useAttemptKey(): (body: unknown) => string {
  const [keyFor] = useState(attemptKeys);
  return keyFor;
}
