/**
 * The key of an API answer in the server's data island (lib/injected.ts): the path with its query
 * parameters sorted by name and form-encoded — exactly Go's `url.Values.Encode`, which the server
 * uses to write it. Empty and undefined values are left out, as the API ignores them.
 */
export function islandKey(
  path: string,
  query: Readonly<Record<string, string | number | undefined>> = {},
): string {
  const params = new URLSearchParams();
  for (const name of Object.keys(query).sort()) {
    const value = query[name];
    if (value !== undefined && value !== '') params.append(name, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}
