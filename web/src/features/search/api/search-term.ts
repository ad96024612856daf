/** Spec §5: the typed word 'xbox', in any case, is sent to the API as 'x-box'. */
export function toSearchTerm(text: string): string {
  return text.trim().replace(/\bxbox\b/gi, 'x-box');
}
