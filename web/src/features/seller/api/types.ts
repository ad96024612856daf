import type { QueryParams, RequestBody } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

// The Seller Centre API's bodies, from api/openapi.yaml. Money: `unit_price` is a 2-decimal string
// ("1234.50"); an order's `amount` and `total_price` are cedis as JSON numbers, like the shopper's
// orders (7450.5); the dashboard's revenue is whole pesewas.

type Schemas = components['schemas'];

/** `GET|PATCH /api/seller/store/` — the caller's own store. */
export type SellerStore = Schemas['SellerStore'];

export type StoreInput = Schemas['SellerStoreRequest'];

export type SellerProduct = Schemas['SellerProduct'];

/** A page of the store's products (`?page=&page_size=`). */
export type SellerProductPage = Schemas['SellerProductPage'];

/**
 * The body of `POST /api/seller/products/` and `PATCH …/{id}/`: the price as the seller typed it,
 * `expected_inventory` (PATCH, with `inventory`) the stock the seller saw.
 */
export type ProductInput = Schemas['SellerProductRequest'];

export type ProductStatus = NonNullable<QueryParams<'get', '/seller/products/'>['status']>;

export type SellerOrderStatus = Schemas['SellerOrder']['status'];

/** An order as one store sees it: only its own lines, and `status` is its part of the order. */
export type SellerOrder = Schemas['SellerOrder'];

/** A page of the store's orders (`?page=&page_size=`). */
export type SellerOrderPage = Schemas['SellerOrderPage'];

/** `GET /api/seller/dashboard/`: `revenue_week` and `revenue_by_day[].amount` in pesewas. */
export type Dashboard = Schemas['SellerDashboard'];

/** What a CSV import found and (without `dry_run`) did. */
export type ImportReport = Schemas['ImportReport'];

/** A CSV import run in the background: its progress, then its report or why it failed. */
export type ImportJob = Schemas['ImportJob'];

/** The products a bulk action could not take, and why. */
export type BulkRefused = Schemas['BulkRefused'];

/** A bulk action on the product list. */
export type BulkRequest = NonNullable<RequestBody<'post', '/seller/products/bulk/'>>;
