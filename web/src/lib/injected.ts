// The server puts the first screen's data into the page it serves (internal/httpapi/page_island.go) as a
// `<script type="application/json" id="dwa-data">` island: API paths mapped to the JSON they answer.
// A query whose path is in it starts with that data instead of a request. Each entry is used once,
// for the first screen only: later visits ask the API, so nothing stale outlives the first render.

const ISLAND_ID = 'dwa-data';

let island: Record<string, unknown> | undefined;

function load(): Record<string, unknown> {
  if (island) return island;
  island = {};
  const text = document.getElementById(ISLAND_ID)?.textContent;
  if (text) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed === 'object' && parsed !== null) island = parsed as Record<string, unknown>;
    } catch {
      // a broken island only costs a request
    }
  }
  return island;
}

/** The injected answer of `GET /api<path>` (path with its query string), taken out of the island. */
export function takeInjected(path: string): unknown {
  const data = load();
  if (!(path in data)) return undefined;
  const value = data[path];
  // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- a map keyed by API path
  delete data[path];
  return value;
}

/** For tests: forget the island read so far. */
export function resetInjected() {
  island = undefined;
}
