import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@/test/server';
import {
  QUEUE_KEY,
  REFUSED_KEY,
  forgetQueuedChanges,
  queueChange,
  queuedChanges,
  sendQueuedChanges,
} from './offline-queue';

const item = (id: number, quantity: number) => ({ id, quantity, product: { id: 7 } });

describe('bag changes made offline', () => {
  it('are kept on the device in order and sent in that order', async () => {
    const sent: string[] = [];
    server.use(
      http.post('/api/store/cart-items/', async ({ request }) => {
        sent.push(`add ${JSON.stringify(await request.json())}`);
        return HttpResponse.json(item(1, 1), { status: 201 });
      }),
      http.patch('/api/store/cart-items/:id/', async ({ params, request }) => {
        sent.push(`patch ${String(params.id)} ${JSON.stringify(await request.json())}`);
        return HttpResponse.json(item(Number(params.id), 3));
      }),
      http.delete('/api/store/cart-items/:id/', ({ params }) => {
        sent.push(`delete ${String(params.id)}`);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    queueChange({ kind: 'add', productId: 7, quantity: 1, name: 'Tecno Spark' });
    queueChange({ kind: 'quantity', itemId: 4, quantity: 3, name: 'Itel A70' });
    queueChange({ kind: 'remove', itemId: 5, name: 'Oraimo charger' });
    expect(JSON.parse(localStorage.getItem(QUEUE_KEY) ?? '[]')).toHaveLength(3);

    await sendQueuedChanges();
    expect(sent).toEqual([
      'add {"product_id":7,"quantity":1}',
      'patch 4 {"quantity":3}',
      'delete 5',
    ]);
    expect(queuedChanges()).toEqual([]);
    expect(localStorage.getItem(REFUSED_KEY)).toBeNull();
  });

  it("drop a change the shop refuses and keep its reason: the server's answer wins", async () => {
    server.use(
      http.post('/api/store/cart-items/', async ({ request }) => {
        const { product_id } = (await request.json()) as { product_id: number };
        return product_id === 7
          ? HttpResponse.json({ quantity: ['Only 2 left in stock.'] }, { status: 400 })
          : HttpResponse.json(
              { product_id: [`Invalid pk "${String(product_id)}" - object does not exist.`] },
              { status: 400 },
            );
      }),
      http.delete('/api/store/cart-items/:id/', () =>
        HttpResponse.json({ detail: 'Not found.' }, { status: 404 }),
      ),
    );
    queueChange({ kind: 'add', productId: 7, quantity: 5, name: 'Tecno Spark' });
    queueChange({ kind: 'add', productId: 8, quantity: 1, name: 'Nokia 105' });
    queueChange({ kind: 'remove', itemId: 9, name: 'Itel A70' });
    await sendQueuedChanges();
    expect(queuedChanges()).toEqual([]);
    expect(JSON.parse(localStorage.getItem(REFUSED_KEY) ?? '[]')).toEqual([
      'Add Tecno Spark (5): Only 2 left in stock.',
      'Add Nokia 105 (1): This product is no longer available.',
      'Remove Itel A70: This product is no longer available.',
    ]);
  });

  it('stop at a lost connection or a server error and keep the rest for later', async () => {
    let calls = 0;
    server.use(
      http.post('/api/store/cart-items/', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.error()
          : HttpResponse.json({ detail: 'Service unavailable' }, { status: 503 });
      }),
    );
    queueChange({ kind: 'add', productId: 7, quantity: 1, name: 'Tecno Spark' });
    queueChange({ kind: 'add', productId: 8, quantity: 1, name: 'Itel A70' });
    await sendQueuedChanges();
    expect(queuedChanges()).toHaveLength(2);
    await sendQueuedChanges();
    expect(queuedChanges()).toHaveLength(2);
    expect(localStorage.getItem(REFUSED_KEY)).toBeNull();
  });

  it('are forgotten with their refusals when the session ends', () => {
    queueChange({ kind: 'add', productId: 7, quantity: 1, name: 'Tecno Spark' });
    localStorage.setItem(REFUSED_KEY, JSON.stringify(['x']));
    forgetQueuedChanges();
    expect(localStorage.getItem(QUEUE_KEY)).toBeNull();
    expect(localStorage.getItem(REFUSED_KEY)).toBeNull();
  });
});
