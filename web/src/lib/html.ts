/**
 * The text of an HTML fragment. DOMParser builds an inert document: no script runs and no image
 * loads, so even untrusted markup is safe to read this way.
 */
export function htmlToText(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return doc.body.textContent.replace(/\s+/g, ' ').trim();
}

export const SNIPPET_LENGTH = 80;

/** Spec §9: the description snippet, 80 characters followed by '...'. */
export function snippet(html: string): string {
  const text = htmlToText(html);
  const chars = Array.from(text);
  return chars.length > SNIPPET_LENGTH ? `${chars.slice(0, SNIPPET_LENGTH).join('')}...` : text;
}
