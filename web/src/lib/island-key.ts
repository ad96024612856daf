/**
 * The key of an API answer in the server's data island (lib/injected.ts): the path with its query
 * parameters sorted by name and form-encoded — exactly Go's `url.Values.Encode`, which the server
 * uses to write it. Empty and undefined values are left out, as the API ignores them. Both sides
 * are checked against one fixture, testdata/island-keys.json.
 */
export function islandKey(
  path: string,
  query: Readonly<Record<string, string | number | undefined>> = {},
): string {
  const params = new URLSearchParams();
  for (const name of Object.keys(query).sort(byCodePoint)) {
    const value = query[name];
    if (value !== undefined && value !== '') params.append(name, String(value));
  }
  const qs = goQueryEscapes(params.toString());
  return qs ? `${path}?${qs}` : path;
}

/** Go sorts names by their UTF-8 bytes, i.e. by code point; JavaScript by UTF-16 unit. */
function byCodePoint(a: string, b: string): number {
  const x = Array.from(a, (c) => c.codePointAt(0) ?? 0);
  const y = Array.from(b, (c) => c.codePointAt(0) ?? 0);
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return d;
  }
  return x.length - y.length;
}

/**
 * The form encoding leaves `*` as it is and escapes `~`; Go's `url.QueryEscape` does the opposite.
 * Every other byte is written alike by both.
 */
function goQueryEscapes(encoded: string): string {
  return encoded.replaceAll('*', '%2A').replaceAll('%7E', '~');
}
