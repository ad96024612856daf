import { ApiError } from '@/lib/api/client';
import { problemText } from '@/lib/api/problem';

export const CHECK_FIELDS = 'Please correct the fields marked below.';

/** A 400's field errors (`{"price":["Enter a price…"]}`), each field's messages as one line. */
export type FieldErrors = Partial<Record<string, string>>;

/**
 * Splits a failed save into the messages of the form's own `fields` (shown under each) and one
 * line for the rest: other keys, `detail`, or `fallback` when the server said nothing readable.
 */
export function saveErrors(
  error: unknown,
  fields: readonly string[],
  fallback: string,
): { fields: FieldErrors; form: string } {
  const out: FieldErrors = {};
  if (!(error instanceof ApiError) || error.status !== 400) {
    const why = problemText(error);
    return { fields: out, form: why ? `${fallback} ${why}` : fallback };
  }
  const rest: string[] = [];
  const body: unknown = error.body;
  if (typeof body === 'object' && body !== null) {
    for (const [key, value] of Object.entries(body)) {
      if (key === 'code') continue;
      const text = Array.isArray(value) ? value.map(String).join(' ') : String(value);
      if (fields.includes(key)) out[key] = text;
      else rest.push(text);
    }
  }
  const form = rest.join(' ');
  if (form !== '') return { fields: out, form };
  return { fields: out, form: Object.keys(out).length > 0 ? CHECK_FIELDS : fallback };
}
