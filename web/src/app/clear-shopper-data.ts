import type { QueryClient } from '@tanstack/react-query';

/**
 * Drops the signed-in shopper's bag and wishlist from the query cache: they must not outlive the
 * session in this tab, whether the shopper logged out or the session was ended (forcedLogout).
 */
export function clearShopperData(client: QueryClient) {
  client.removeQueries({
    predicate: ({ queryKey }) => queryKey[0] === 'cart' || queryKey[0] === 'wishlist',
  });
}
