/// <reference types="node" />
// The fixture lies outside the web app (the Go test reads it too): read from disk, not imported.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CATEGORIES_ISLAND_KEY } from '@/features/catalog/api/get-categories';
import { HERO_ISLAND_KEY } from '@/features/catalog/api/get-hero-slides';
import { productIslandKey } from '@/features/catalog/api/get-product';
import { productListQuery } from '@/features/catalog/api/get-products';
import { toSearchTerm } from '@/features/search/api/search-term';
import { categoryFilter } from '@/routes/category';
import { productId } from '@/routes/product';
import { catalogueFilter } from '@/features/listing/catalogue-filter';
import { facetsIslandKey } from '@/features/listing/api/get-facets';
import { searchQuery } from '@/routes/search';
import { islandKey } from '@/lib/island-key';

/**
 * Page URL → the keys the server's island carries (internal/httpapi/island_keys_test.go checks
 * them on the served pages) and, in `absent`, keys the app looks up that the server has no answer
 * for (an unknown product).
 */
interface Fixture {
  cases: { url: string; keys: string[]; absent?: string[] }[];
}
const fixture = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../../testdata/island-keys.json'), 'utf8'),
) as Fixture;

/** A list page's keys: its first page and its filter counts. */
const listKeys = (filter: Record<string, string>) => [
  islandKey('/store/products/', productListQuery(filter, { page: 1, seed: undefined })),
  facetsIslandKey(filter) ?? '',
];

// The storefront's routes with a first screen from the island, as app/router.tsx declares them.
const ROUTES = [
  { id: 'home', path: '/' },
  { id: 'search', path: '/search' },
  { id: 'category', path: '/category/:categorySlug/:subCategorySlug?/:subSubCategorySlug?' },
  { id: 'products', path: '/products' },
  { id: 'product', path: '/store/products/:id' },
  { id: 'other', path: '*' },
];

/** The keys the app's first screen at `url` looks up, matched (and decoded) as the router does. */
function appKeys(url: string): string[] {
  const { pathname, searchParams } = new URL(url, 'https://dwa.example');
  const [match] = matchRoutes(ROUTES, pathname) ?? [];
  const params = match?.params ?? {};
  switch (match?.route.id) {
    case 'home':
      return [CATEGORIES_ISLAND_KEY, HERO_ISLAND_KEY];
    case 'search': {
      const query = searchQuery(searchParams);
      return query ? listKeys({ search: toSearchTerm(query) }) : [];
    }
    case 'category':
      return [
        CATEGORIES_ISLAND_KEY,
        ...listKeys(
          categoryFilter(params.categorySlug, params.subCategorySlug, params.subSubCategorySlug),
        ),
      ];
    case 'products':
      return listKeys(catalogueFilter(searchParams));
    case 'product':
      return [productIslandKey(productId(params.id))];
    default:
      return [];
  }
}

describe('island keys (testdata/island-keys.json)', () => {
  it.each(fixture.cases)('$url', ({ url, keys, absent = [] }) => {
    expect(appKeys(url).sort()).toEqual([...keys, ...absent].sort());
  });
});
