import type { components } from '@/lib/api/schema';

type CartItem = components['schemas']['CartItem'];
type Product = components['schemas']['Product'];
type Order = components['schemas']['Order'];
type Me = components['schemas']['Me'];
type Message = components['schemas']['Message'];
type Payment = components['schemas']['Payment'];
type Charge = components['schemas']['MobileMoneyCharge'];

export const CART_ID = '3b0e6f1a-8c2d-4f7e-9a10-5d2c7b8e9f01';
export const ORDER_ID = '9f1c2b7e-5d4a-4e8b-9a61-0c2f3d4e5a6b';

/** A bag line as the API sends it (contract §2.3). */
export function cartItem(
  id: number,
  name: string,
  { price = '100.00', quantity = 1, inventory = 10, available = true } = {},
): CartItem {
  const pesewas = Math.round(Number(price) * 100) * quantity;
  return {
    id,
    cart: CART_ID,
    product: {
      id: id * 10,
      name,
      images: [],
      unit_price: price,
      inventory,
      store: { id: 1, name: 'Accra Game Hub' },
    },
    quantity,
    total_price: pesewas / 100,
    available,
    updated_at: '2026-03-01T09:05:00.000Z',
  };
}

/** An order as the API sends it (contract §2.4). */
export function order(overrides: Partial<Order> = {}): Order {
  return {
    id: ORDER_ID,
    status: 'pending',
    created_at: '2026-03-01T09:10:00.000Z',
    amount: 7798,
    items_amount: 7798,
    delivery_amount: 0,
    shipping_address: '12 Ring Rd, Osu, Accra',
    contact_info: '+233 24 123 4567',
    user_email: 'kofi@example.com',
    items: [
      {
        id: 70,
        product: { id: 101, name: 'X-Box Series S 512GB', images: [] },
        name: 'X-Box Series S 512GB',
        quantity: 2,
        unit_price: '3899.00',
        total_price: 7798,
      },
    ],
    paid_at: null,
    ...overrides,
  };
}

/** Who is signed in (`GET /auth/users/me/`): a shopper, and the owner of store 3. */
export const shopperMe: Me = {
  id: 42,
  username: 'kofi',
  email: 'k@x.test',
  phone: null,
  is_staff: false,
  store: null,
  delivery_region: '',
};
export const ownerMe: Me = {
  id: 7,
  username: 'kwame',
  email: 'kw@x.test',
  phone: null,
  is_staff: false,
  store: { id: 3, name: 'Accra Game Hub' },
  delivery_region: '',
};

/**
 * A message (contract §2.7), by default from the shopper kofi (42) to store 3, Accra Game Hub;
 * its timestamp follows its id, so ids give the order.
 */
export function message(id: number, fields: Partial<Message> = {}): Message {
  return {
    id,
    sender: 'kofi',
    sender_id: 42,
    sender_store: null,
    sender_avatar: null,
    receiver_user: null,
    receiver_store: 3,
    receiver: 'Accra Game Hub',
    content: `message ${String(id)}`,
    timestamp: `2026-03-01T10:${String(id).padStart(2, '0')}:00.000Z`,
    is_read: false,
    ...fields,
  };
}

/** What the owner of store 3 (kwame, 7) writes as the store to the shopper kofi (42). */
export const fromStore3ToKofi: Partial<Message> = {
  sender: 'kwame',
  sender_id: 7,
  sender_store: 3,
  receiver_user: 42,
  receiver_store: null,
  receiver: 'kofi',
};

export const PAYMENT_REF = 'pay-4f9a0c1e2b3d4a5f6e7d8c9b0a1f2e3d';
export const MOMO_REF = 'pay-0a1b2c3d4e5f60718293a4b5c6d7e8f9';

/** The card attempt of the pending `order()` with the built-in test provider (contract §2.6). */
export function payment(overrides: Partial<Payment> = {}): Payment {
  return {
    id: 31,
    order: ORDER_ID,
    amount: '7798.00',
    amount_minor: 779800,
    currency: 'GHS',
    payment_reference: PAYMENT_REF,
    status: 'pending',
    provider: 'test',
    public_key: null,
    access_code: null,
    email: 'kofi@example.com',
    channel: 'card',
    gateway_response: '',
    mobile_money: null,
    ...overrides,
  };
}

/** A mobile money charge of `order()` from an MTN number, waiting for approval on the phone. */
export function momoPayment(charge: Partial<Charge> = {}): Payment {
  return payment({
    id: 32,
    payment_reference: MOMO_REF,
    channel: 'mobile_money',
    mobile_money: {
      phone: '0551234987',
      network: 'mtn',
      state: 'pay_offline',
      display_text: '',
      ...charge,
    },
  });
}

type BagQuote = components['schemas']['BagDeliveryQuote'];
type BagQuotePart = components['schemas']['BagDeliveryPart'];

/** A store part of a bag's delivery quote: door delivery by Accra Game Hub, GH₵ 20, 1–2 Dec. */
export function quotePart(overrides: Partial<BagQuotePart> = {}): BagQuotePart {
  return {
    store: { id: 1, name: 'Accra Game Hub' },
    items_total: 100,
    method: 'door',
    fee: 20,
    from: '2026-12-01',
    to: '2026-12-02',
    same_day: false,
    pickup_point: null,
    store_pickup_available: false,
    store_address: '',
    free_delivery_over: null,
    available: true,
    reason: null,
    ...overrides,
  };
}

/** A bag's delivery quote of `parts`, its sums theirs (`POST /api/store/delivery/quote/`). */
export function bagQuote(parts: BagQuotePart[] = [quotePart()]): BagQuote {
  const items = parts.reduce((sum, p) => sum + p.items_total, 0);
  const delivery = parts.reduce((sum, p) => sum + (p.available ? (p.fee ?? 0) : 0), 0);
  return {
    parts,
    items_total: items,
    delivery_total: delivery,
    total: items + delivery,
    available: parts.length > 0 && parts.every((p) => p.available),
  };
}

/** A product page's product (`GET /api/store/products/7/`): in stock, no store, no reviews. */
export const controller: Product = {
  id: 7,
  name: 'Wireless Controller',
  description: '<p>For long evenings.</p>',
  specification: '',
  unit_price: '780.00',
  inventory: 5,
  average_rating: 0,
  reviews_count: 0,
  ratings_count: 0,
  reviews: [],
  ratings: [],
  category: 'Gaming',
  subcategory: null,
  sub_subcategory: null,
  category_slug: 'gaming',
  subcategory_slug: null,
  sub_subcategory_slug: null,
  images: [],
  store: null,
  brand: '',
  was_price: null,
  date_created: '2026-03-01T09:30:12.345Z',
  options: [],
  price_varies: false,
  variants: [],
};
