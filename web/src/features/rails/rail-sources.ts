import type { CardProduct } from '@/components/product-card';
import { apiGet, apiGetWithHeaders, pageOf } from '@/lib/api/client';

/** What a rail's card shows, and so all it asks for (`fields=`). */
export const RAIL_FIELDS =
  'id,name,description,unit_price,images,inventory,average_rating,ratings_count,price_varies';
export const RAIL_SIZE = 12;

type Page = { results: CardProduct[] };

/**
 * One page of `GET /store/products/` for a rail, in `params.ordering`: the list's own parameters
 * (contract §2.2) and only the card's fields. A server that does not know the ordering
 * (`-discount`, `-sold` before they exist) drops it and shuffles, which it says with
 * `X-Shuffle-Seed`: a shuffle is not a ranking, so the rail gets nothing and hides itself.
 */
export async function listRail(
  params: Record<string, string>,
  signal: AbortSignal,
  { size = RAIL_SIZE, fields = RAIL_FIELDS } = {},
) {
  const { data, headers } = await apiGetWithHeaders('/store/products/', {
    query: { ...params, fields, page: 1, page_size: size },
    signal,
  });
  if (headers.get('X-Shuffle-Seed')) return [];
  return pageOf(data as unknown as Page).results;
}

/** `GET /store/products/{id}/bought-together/`: what shoppers bought with the product. */
export async function boughtTogether(id: number, signal: AbortSignal) {
  const data = await apiGet('/store/products/{id}/bought-together/', {
    params: { id },
    query: { fields: RAIL_FIELDS },
    signal,
  });
  return data.results as CardProduct[];
}

/**
 * The products of `ids` in that order, one `GET /store/products/{id}/` each (the read cache answers
 * them); products that are gone or hidden now are left out.
 */
export async function productsByID(ids: readonly number[], signal: AbortSignal) {
  const found = await Promise.all(
    ids.map((id) =>
      apiGet('/store/products/{id}/', {
        params: { id },
        query: { fields: RAIL_FIELDS },
        signal,
      }).then(
        (p) => p as unknown as CardProduct,
        () => null,
      ),
    ),
  );
  return found.filter((p): p is CardProduct => p !== null);
}
