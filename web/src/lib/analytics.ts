import { API_BASE } from '@/lib/api/client';

/**
 * Reports a page view (contract §2.9) without delaying anything: fire and forget, `keepalive` so
 * it survives leaving the page, and failures are ignored (analytics never breaks shopping).
 * Only the path is sent; the server drops any query itself, but we never send it at all.
 */
export function reportPageView(path: string, referrer: string) {
  const body: { path: string; referrer?: string } = { path };
  if (referrer) body.referrer = referrer;
  fetch(`${API_BASE}/analytics/pageviews/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    keepalive: true,
  }).catch(() => undefined);
}

/**
 * Reports a search that found nothing (the staff's "top searches with no results"), fire and
 * forget like a page view. Only such searches are sent, as they were sent to the product search;
 * the server checks that it really finds nothing before keeping it.
 */
export function reportSearchMiss(query: string) {
  fetch(`${API_BASE}/analytics/searches/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ query }),
    keepalive: true,
  }).catch(() => undefined);
}
