import { apiGet, listItems } from '@/lib/api/client';

/**
 * `GET /api/store/carts/` — the id of the shopper's active cart, or null without one. Asked only
 * when no cart id is known yet (spec §7): an added line already names its cart.
 */
export async function getActiveCartId(): Promise<string | null> {
  const carts = listItems(await apiGet('/store/carts/', {}));
  return carts[0]?.id ?? null;
}
