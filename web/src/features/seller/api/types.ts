import type { components } from '@/lib/api/schema';

// The Seller Centre API's bodies, from api/openapi.yaml. Money: `unit_price` is a 2-decimal string
// ("1234.50"); an order's `amount` and `total_price` are cedis as JSON numbers, like the shopper's
// orders (7450.5); the dashboard's revenue is whole pesewas.

/** A page of a list (`?page=&page_size=`). */
export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

type Schemas = components['schemas'];

/** `GET|PATCH /api/seller/store/` — the caller's own store. */
export type SellerStore = Schemas['SellerStore'];

export type StoreInput = Schemas['SellerStoreRequest'];

export type SellerProduct = Schemas['SellerProduct'];

/** The body of `POST /api/seller/products/` (and, any part of it, of `PATCH …/{id}/`). */
export interface ProductInput {
  name: string;
  category_id: number;
  subcategory_id?: number;
  sub_subcategory_id?: number;
  /** As the seller typed it: 'GH₵' digits with optional thousands commas, e.g. "1,234.50". */
  price: string;
  inventory: number;
  /** PATCH only, with `inventory`: the stock the seller saw (409 `stock_changed` when it moved). */
  expected_inventory?: number;
  description: string;
  specification: string;
  is_active?: boolean;
}

export type ProductStatus = 'all' | 'active' | 'inactive' | 'out_of_stock';

export type SellerOrderStatus = Schemas['SellerOrder']['status'];

/** An order as one store sees it: only its own lines, and `status` is its part of the order. */
export type SellerOrder = Schemas['SellerOrder'];

/** `GET /api/seller/dashboard/`: `revenue_week` and `revenue_by_day[].amount` in pesewas. */
export type Dashboard = Schemas['SellerDashboard'];
