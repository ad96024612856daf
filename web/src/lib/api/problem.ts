import { ApiError } from './client';

/**
 * What the server said was wrong, for a line under a failure text: its `detail`, or the
 * messages of a field-error body (`{"contact_info":["Enter a valid phone number."]}`).
 * Null when there is nothing readable (a network failure, a 500).
 */
export function problemText(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status >= 500) return null;
  const body = error.body;
  if (typeof body !== 'object' || body === null) return null;
  if ('detail' in body && typeof body.detail === 'string') return body.detail;
  const messages = Object.entries(body)
    .filter(([key]) => key !== 'code')
    .flatMap(([, value]) => (Array.isArray(value) ? value.map(String) : []));
  return messages.length > 0 ? messages.join(' ') : null;
}

/** Whether the server refused with this status and this machine name (the body's `code`). */
export function hasProblemCode(error: unknown, status: number, code: string): boolean {
  if (!(error instanceof ApiError) || error.status !== status) return false;
  const body = error.body;
  return typeof body === 'object' && body !== null && 'code' in body && body.code === code;
}
