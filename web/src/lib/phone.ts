/** How a Ghanaian reads an E.164 number: '+233241234567' → '024 123 4567'; others unchanged. */
export function localPhone(e164: string): string {
  const national = /^\+233(\d{9})$/.exec(e164)?.[1];
  if (!national) return e164;
  const n = `0${national}`;
  return `${n.slice(0, 3)} ${n.slice(3, 6)} ${n.slice(6)}`;
}
