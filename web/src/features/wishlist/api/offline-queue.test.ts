import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@/test/server';
import {
  WISHLIST_QUEUE_KEY,
  WISHLIST_REFUSED_KEY,
  removeOffline,
  saveOffline,
  savedWith,
  wishlistQueue,
} from './offline-queue';

const entry = (id: number, product: number) => ({
  id,
  product,
  date_added: '2026-03-01T08:00:00.000Z',
});

const stored = (key: string): unknown => JSON.parse(localStorage.getItem(key) ?? 'null');

describe('wishlist changes made offline', () => {
  it('are kept on the device in order and sent in that order', async () => {
    const sent: string[] = [];
    server.use(
      http.post('/api/store/wishlists/', async ({ request }) => {
        sent.push(`add ${JSON.stringify(await request.json())}`);
        return HttpResponse.json(entry(20, 101), { status: 201 });
      }),
      http.delete('/api/store/wishlists/:id/', ({ params }) => {
        sent.push(`delete ${String(params.id)}`);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    saveOffline(101, 'Xbox Controller');
    removeOffline(102, 'EA FC 25', 9);
    saveOffline(103, 'Tecno Spark');
    expect(stored(WISHLIST_QUEUE_KEY)).toEqual([
      { kind: 'add', productId: 101, name: 'Xbox Controller' },
      { kind: 'remove', entryId: 9, productId: 102, name: 'EA FC 25' },
      { kind: 'add', productId: 103, name: 'Tecno Spark' },
    ]);

    expect(await wishlistQueue.send()).toBe(3);
    expect(sent).toEqual(['add {"product":101}', 'delete 9', 'add {"product":103}']);
    expect(wishlistQueue.changes()).toEqual([]);
    expect(localStorage.getItem(WISHLIST_REFUSED_KEY)).toBeNull();
  });

  it('show the heart as the shopper left it; a change undone before it is sent is not sent', () => {
    saveOffline(101, 'Xbox Controller');
    saveOffline(101, 'Xbox Controller'); // pressed twice: saved once
    expect(wishlistQueue.changes()).toHaveLength(1);
    expect(savedWith(wishlistQueue.changes(), 101, false)).toBe(true);
    removeOffline(101, 'Xbox Controller', undefined); // un-saved before it was sent
    expect(wishlistQueue.changes()).toEqual([]);
    expect(savedWith(wishlistQueue.changes(), 101, false)).toBe(false);

    removeOffline(102, 'EA FC 25', 9);
    expect(savedWith(wishlistQueue.changes(), 102, true)).toBe(false);
    saveOffline(102, 'EA FC 25'); // saved again: the entry the server has stays
    expect(wishlistQueue.changes()).toEqual([]);
    expect(savedWith(wishlistQueue.changes(), 102, true)).toBe(true);
  });

  it("the server's answer wins: a product that went away is shown, duplicates are harmless", async () => {
    server.use(
      http.post('/api/store/wishlists/', async ({ request }) => {
        const { product } = (await request.json()) as { product: number };
        // 101 is on the list already (saved on another device): answered as it is.
        return product === 101
          ? HttpResponse.json(entry(5, 101))
          : HttpResponse.json(
              { product: [`Invalid pk "${String(product)}" - object does not exist.`] },
              { status: 400 },
            );
      }),
      // Removed on another device already.
      http.delete('/api/store/wishlists/:id/', () =>
        HttpResponse.json({ detail: 'No WishList matches the given query.' }, { status: 404 }),
      ),
    );
    saveOffline(101, 'Xbox Controller');
    saveOffline(104, 'Nokia 105');
    removeOffline(102, 'EA FC 25', 9);
    expect(await wishlistQueue.send()).toBe(3);
    expect(wishlistQueue.changes()).toEqual([]);
    expect(stored(WISHLIST_REFUSED_KEY)).toEqual([
      'Save Nokia 105 to your wishlist: This product is no longer available.',
    ]);
    wishlistQueue.dismissRefusals();
    expect(localStorage.getItem(WISHLIST_REFUSED_KEY)).toBeNull();
  });

  it('stop at a lost connection or a server error and keep the rest for later', async () => {
    let calls = 0;
    server.use(
      http.post('/api/store/wishlists/', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.error()
          : HttpResponse.json({ detail: 'Service unavailable' }, { status: 503 });
      }),
    );
    saveOffline(101, 'Xbox Controller');
    saveOffline(102, 'EA FC 25');
    expect(await wishlistQueue.send()).toBe(0);
    expect(await wishlistQueue.send()).toBe(0);
    expect(wishlistQueue.changes()).toHaveLength(2);
    expect(localStorage.getItem(WISHLIST_REFUSED_KEY)).toBeNull();
  });
});
