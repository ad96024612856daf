import type { QueryClient } from '@tanstack/react-query';
import { forgetViewed } from '@/lib/recently-viewed';

// Orders, their payments and delivery quotes of the bag are the shopper's too: another shopper
// signing in on this tab must never be shown them, not even while their own load.
const PRIVATE = new Set(['cart', 'wishlist', 'me', 'seller', 'orders', 'payment', 'delivery']);

/**
 * Drops the signed-in shopper's bag, wishlist, orders, account and Seller Centre data from the query
 * cache, and the products they viewed from the device: they must not outlive the session in this
 * tab, whether the shopper logged out or the session was ended (forcedLogout).
 */
export function clearShopperData(client: QueryClient) {
  forgetViewed();
  client.removeQueries({
    predicate: ({ queryKey }) => PRIVATE.has(String(queryKey[0])),
  });
}
