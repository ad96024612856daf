import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { apiGetWithHeaders } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import { takeInjected } from '@/lib/injected';
import { islandKey } from '@/lib/island-key';
import { LIVE_STALE_TIME } from './get-product';

export type ProductSummary = components['schemas']['Product'];

/** Lists ask only for what a card shows (contract §1.9): no reviews, no specification. */
export const LIST_FIELDS =
  'id,name,description,unit_price,was_price,images,inventory,average_rating,ratings_count,price_varies';
export const PAGE_SIZE = 24;

/**
 * The filter of a product list: the API's own parameters (contract §2.2), e.g. `search`; `brand`
 * may repeat.
 */
export type ProductFilter = Readonly<Record<string, string | readonly string[]>>;

interface ListPage {
  items: readonly ProductSummary[];
  page: number;
  next: boolean;
  /** The shuffle seed the server used; sent with every later page so the order stays put. */
  seed: number | undefined;
}

interface PageParam {
  page: number;
  seed: number | undefined;
}

/** The seed of a shuffled list: the `X-Shuffle-Seed` header, or the one in the next page's URL. */
function shuffleSeed(headers: Headers | undefined, next: string | null | undefined) {
  const text =
    headers?.get('X-Shuffle-Seed') ??
    (next ? new URL(next, window.location.origin).searchParams.get('seed') : null);
  const seed = Number(text);
  return text && Number.isInteger(seed) && seed > 0 ? seed : undefined;
}

type PagedProducts = { results: readonly ProductSummary[]; next?: string | null };

function toPage(data: PagedProducts, page: number, headers?: Headers): ListPage {
  return {
    items: data.results,
    page,
    next: Boolean(data.next),
    seed: shuffleSeed(headers, data.next),
  };
}

/** The query of one page of `filter`, in the order the server's page injection uses. */
export function productListQuery(filter: ProductFilter, { page, seed }: PageParam) {
  return { ...filter, fields: LIST_FIELDS, page, page_size: PAGE_SIZE, seed };
}

/** `GET /api/store/products/?…` page by page, shown as one list that grows as it is scrolled. */
export function useProductList(filter: ProductFilter) {
  const query = useInfiniteQuery<
    ListPage,
    Error,
    InfiniteData<ListPage, PageParam>,
    readonly unknown[],
    PageParam
  >({
    queryKey: ['catalog', 'products', filter],
    staleTime: LIVE_STALE_TIME,
    initialPageParam: { page: 1, seed: undefined },
    queryFn: async ({ pageParam, signal }) => {
      const { data, headers } = await apiGetWithHeaders('/store/products/', {
        query: productListQuery(filter, pageParam),
        signal,
      });
      return toPage(data as PagedProducts, pageParam.page, headers);
    },
    getNextPageParam: (last) => (last.next ? { page: last.page + 1, seed: last.seed } : undefined),
    initialData: () => {
      // The server injects first pages of single-valued filters only.
      if (Object.values(filter).some((v) => typeof v !== 'string')) return undefined;
      const first = { page: 1, seed: undefined };
      const injected = takeInjected(
        islandKey('/store/products/', productListQuery(filter, first)),
      ) as PagedProducts | undefined;
      return injected && { pages: [toPage(injected, 1)], pageParams: [first] };
    },
  });
  return {
    ...query,
    fetchNextPage: () => {
      // One page at a time: the observer and the button may both ask.
      if (!query.isFetchingNextPage) void query.fetchNextPage();
    },
  };
}
