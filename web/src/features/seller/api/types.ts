// The Seller Centre API (issue 'Seller Centre and staff admin'). It is not in api/openapi.yaml
// yet, so its bodies are written out here; replace them with the generated schema's types once
// the contract describes /api/seller/. Money: `unit_price` is a 2-decimal string ("1234.50");
// every other amount (`amount`, `total_price`, `revenue_*`) is whole pesewas.

/** A page of a list (`?page=&page_size=`). */
export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** `GET|PATCH /api/seller/store/` — the caller's own store. */
export interface SellerStore {
  id: number;
  name: string;
  logo: string | null;
  description: string;
  contact_info: string;
  address: string;
  is_active: boolean;
  created_at: string;
}

export type StoreInput = Partial<
  Pick<SellerStore, 'name' | 'description' | 'contact_info' | 'address'>
>;

export interface SellerProduct {
  id: number;
  name: string;
  category_id: number;
  subcategory_id: number | null;
  sub_subcategory_id: number | null;
  unit_price: string;
  inventory: number;
  is_active: boolean;
  /** HTML, sanitised by the server. */
  description: string;
  /** HTML, sanitised by the server. */
  specification: string;
  images: { id: number; image: string }[];
  created_at: string;
}

/** The body of `POST /api/seller/products/` (and, any part of it, of `PATCH …/{id}/`). */
export interface ProductInput {
  name: string;
  category_id: number;
  subcategory_id?: number;
  sub_subcategory_id?: number;
  /** As the seller typed it: 'GH₵' digits with optional thousands commas, e.g. "1,234.50". */
  price: string;
  inventory: number;
  description: string;
  specification: string;
  is_active?: boolean;
}

export type ProductStatus = 'all' | 'active' | 'inactive' | 'out_of_stock';

export type SellerOrderStatus = 'processing' | 'shipped' | 'delivered';

export interface SellerOrderItem {
  id: number;
  product_id: number;
  name: string;
  quantity: number;
  unit_price: string;
  /** Pesewas. */
  total_price: number;
}

export interface SellerOrderEvent {
  status: SellerOrderStatus;
  note: string;
  at: string;
  actor: string;
}

/** An order as one store sees it: only its own lines, and `status` is its part of the order. */
export interface SellerOrder {
  id: string;
  created_at: string;
  paid_at: string | null;
  status: SellerOrderStatus;
  shipping_address: string;
  contact_info: string;
  buyer: string;
  items: SellerOrderItem[];
  /** Pesewas: the store's lines together. */
  amount: number;
  tracking_note: string;
  events: SellerOrderEvent[];
}

/** `GET /api/seller/dashboard/`. */
export interface Dashboard {
  orders_today: number;
  orders_week: number;
  /** Pesewas. */
  revenue_week: number;
  unread_messages: number;
  low_stock: { id: number; name: string; inventory: number }[];
  /** The last 30 days, oldest first; `amount` in pesewas. */
  revenue_by_day: { date: string; amount: number }[];
  views_by_day: { date: string; views: number }[];
}
