/**
 * 128 random bits as 32 hex digits, for an `Idempotency-Key`. `crypto.randomUUID` exists only on
 * secure origins (https, localhost), and a shop reached by its LAN address over http is not one.
 */
export function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
