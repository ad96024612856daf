import { http, HttpResponse } from 'msw';
import type {
  Dashboard,
  SellerOrder,
  SellerProduct,
  SellerProductPage,
  SellerStore,
} from '@/features/seller/api/types';
import type { components } from '@/lib/api/schema';
import { ownerMe, shopperMe } from './fixtures';
import { renderApp } from './render';
import { server } from './server';
import { fakeJwt } from './tokens';

type Category = components['schemas']['Category'];

export const SELLER_ORDER_ID = '5e1c2b7e-5d4a-4e8b-9a61-0c2f3d4e5a6b';

/** The store of `ownerMe` as the Seller Centre API sends it. */
export function sellerStore(fields: Partial<SellerStore> = {}): SellerStore {
  return {
    id: 3,
    name: 'Accra Game Hub',
    logo: '/media/stores/accra-game-hub.png',
    description: 'Consoles and games, delivered in Accra.',
    contact_info: '+233 24 000 0000',
    address: 'Oxford St, Osu',
    is_active: true,
    created_at: '2026-01-10T09:00:00.000Z',
    ...fields,
  };
}

export function sellerProduct(id: number, fields: Partial<SellerProduct> = {}): SellerProduct {
  return {
    id,
    name: `Product ${String(id)}`,
    category_id: 1,
    subcategory_id: 5,
    sub_subcategory_id: 9,
    unit_price: '1234.50',
    was_price: null,
    brand: '',
    sku: '',
    inventory: 25,
    is_active: true,
    description: '<p>A good product.</p>',
    specification: '<ul><li>One</li></ul>',
    images: [],
    created_at: '2026-02-01T09:00:00.000Z',
    ...fields,
  };
}

/** A page of a Seller Centre list (products or orders: the pages differ only in `results`). */
export function page<T>(results: T[], fields: Partial<Omit<SellerProductPage, 'results'>> = {}) {
  return { count: results.length, next: null, previous: null, ...fields, results };
}

export function sellerOrder(fields: Partial<SellerOrder> = {}): SellerOrder {
  return {
    id: SELLER_ORDER_ID,
    created_at: '2026-03-01T09:10:00.000Z',
    paid_at: '2026-03-01T09:12:00.000Z',
    status: 'processing',
    order_status: 'processing',
    shipping_address: '12 Ring Rd, Osu, Accra',
    contact_info: '+233 24 123 4567',
    items: [
      {
        id: 70,
        product_id: 12,
        name: 'X-Box Series S 512GB',
        quantity: 2,
        unit_price: '3899.00',
        total_price: 7798,
      },
    ],
    amount: 7798,
    tracking_note: '',
    events: [],
    ...fields,
  };
}

/** 30 days from 2026-11-01; revenue and views grow by day. */
export function dashboard(fields: Partial<Dashboard> = {}): Dashboard {
  const days = Array.from({ length: 30 }, (_, i) => `2026-11-${String(i + 1).padStart(2, '0')}`);
  return {
    orders_today: 2,
    orders_week: 9,
    revenue_week: 1234500,
    unread_messages: 3,
    low_stock: [{ id: 12, name: 'DualSense Controller', inventory: 2 }],
    revenue_by_day: days.map((date, i) => ({ date, amount: i * 10000 })),
    views_by_day: days.map((date, i) => ({ date, views: i + 10 })),
    ...fields,
  };
}

/** Three levels: Gaming > Consoles > (Xbox, PlayStation); Phones has no children. */
export const categoryTree: Category[] = [
  {
    id: 1,
    name: 'Gaming',
    slug: 'gaming',
    images: [],
    parent: null,
    subcategories: [
      {
        id: 5,
        name: 'Consoles',
        slug: 'consoles',
        images: [],
        parent: 1,
        subcategories: [
          { id: 9, name: 'Xbox', slug: 'xbox', images: [], parent: 5, subcategories: [] },
          {
            id: 10,
            name: 'PlayStation',
            slug: 'playstation',
            images: [],
            parent: 5,
            subcategories: [],
          },
        ],
      },
      { id: 6, name: 'Games', slug: 'games', images: [], parent: 1, subcategories: [] },
    ],
  },
  { id: 2, name: 'Phones', slug: 'phones', images: [], parent: null, subcategories: [] },
];

export const FORBIDDEN = {
  detail: 'You do not have permission to perform this action.',
  code: 'permission_denied',
};

/**
 * Signs in (as the owner of store 3 unless `shopper`) and renders the app at `path`. The Seller
 * Centre's frame reads `me` and the store (`store`, default `sellerStore()`), the header the bag
 * (empty): those are answered here, after the test's own handlers, so they take precedence —
 * install the page's other handlers first.
 */
export function sellerAt(path: string, { shopper = false, store = sellerStore() } = {}) {
  window.localStorage.setItem('access', fakeJwt(600));
  server.use(
    http.get('/api/store/cart-items/', () => HttpResponse.json([])),
    http.get('/api/auth/users/me/', () => HttpResponse.json(shopper ? shopperMe : ownerMe)),
    http.get('/api/seller/store/', () =>
      shopper ? HttpResponse.json(FORBIDDEN, { status: 403 }) : HttpResponse.json(store),
    ),
  );
  return renderApp(path);
}
