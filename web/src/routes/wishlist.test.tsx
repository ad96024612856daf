import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type HttpHandler } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { WISHLIST_QUEUE_KEY } from '@/features/wishlist/api/offline-queue';
import type { components } from '@/lib/api/schema';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';
import { fakeJwt } from '@/test/tokens';

type Entry = components['schemas']['WishlistEntry'];

const entry = (id: number, product: number, name: string | null): Entry => ({
  id,
  product,
  date_added: '2026-03-01T08:00:00.000Z',
  ...(name && {
    product_summary: {
      id: product,
      name,
      unit_price: '780.00',
      images: [],
      inventory: 3,
      average_rating: 4.5,
    },
  }),
});

function openWishlist(...handlers: HttpHandler[]) {
  window.localStorage.setItem('access', fakeJwt(600));
  server.use(
    ...handlers,
    http.get('/api/store/cart-items/', () => HttpResponse.json([])),
  );
  return renderApp('/wishlist');
}

describe('wishlist page', () => {
  it('asks once with expand=product and shows a card per product, linking to it', async () => {
    const asked: string[] = [];
    openWishlist(
      http.get('/api/store/wishlists/', ({ request }) => {
        asked.push(new URL(request.url).search);
        // An entry without a summary (its product can no longer be shown) is left out.
        return HttpResponse.json([entry(8, 101, 'Xbox Controller'), entry(9, 102, null)]);
      }),
    );
    const list = await screen.findByRole('list', { name: 'Saved products' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByRole('link', { name: 'Xbox Controller' })).toHaveAttribute(
      'href',
      '/store/products/101',
    );
    expect(within(list).getByText('In Stock: 3')).toBeInTheDocument();
    expect(asked).toEqual(['?expand=product']);
  });

  it('removes an entry and reads the list again', async () => {
    let entries = [entry(8, 101, 'Xbox Controller'), entry(9, 102, 'EA FC 25')];
    const deleted: string[] = [];
    openWishlist(
      http.get('/api/store/wishlists/', () => HttpResponse.json(entries)),
      http.delete('/api/store/wishlists/:id/', ({ params }) => {
        deleted.push(String(params.id));
        entries = entries.filter((e) => String(e.id) !== params.id);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Remove Xbox Controller from wishlist' }),
    );
    await waitFor(() => {
      expect(screen.queryByRole('link', { name: 'Xbox Controller' })).not.toBeInTheDocument();
    });
    expect(deleted).toEqual(['8']);
    expect(screen.getByRole('link', { name: 'EA FC 25' })).toBeInTheDocument();
  });

  it('shows the empty state and the load failure text', async () => {
    const { unmount } = openWishlist(
      http.get('/api/store/wishlists/', () => HttpResponse.json([])),
    );
    expect(await screen.findByText('Your wishlist is empty.')).toBeInTheDocument();
    unmount();
    openWishlist(http.get('/api/store/wishlists/', () => HttpResponse.error()));
    expect(await screen.findByText('Error fetching wishlist products!')).toBeInTheDocument();
  });

  it('offline, Remove waits on the device, the card goes, and a save made offline shows as waiting', async () => {
    const deleted: string[] = [];
    localStorage.setItem(
      WISHLIST_QUEUE_KEY,
      JSON.stringify([{ kind: 'add', productId: 103, name: 'Tecno Spark' }]),
    );
    openWishlist(
      http.get('/api/store/wishlists/', () =>
        HttpResponse.json([entry(8, 101, 'Xbox Controller'), entry(9, 102, 'EA FC 25')]),
      ),
      http.delete('/api/store/wishlists/:id/', ({ params }) => {
        deleted.push(String(params.id));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const waiting = await screen.findByRole('region', { name: 'Waiting for a connection' });
    expect(within(waiting).getByRole('listitem')).toHaveTextContent('Tecno Spark');
    const user = userEvent.setup();
    const remove = await screen.findByRole('button', {
      name: 'Remove Xbox Controller from wishlist',
    });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await user.click(remove);
    await waitFor(() => {
      expect(screen.queryByRole('link', { name: 'Xbox Controller' })).not.toBeInTheDocument();
    });
    expect(screen.getByRole('link', { name: 'EA FC 25' })).toBeInTheDocument();
    expect(deleted).toEqual([]);
    expect(JSON.parse(localStorage.getItem(WISHLIST_QUEUE_KEY) ?? '[]')).toEqual([
      { kind: 'add', productId: 103, name: 'Tecno Spark' },
      { kind: 'remove', entryId: 8, productId: 101, name: 'Xbox Controller' },
    ]);
  });
});
