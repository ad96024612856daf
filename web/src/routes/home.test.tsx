import { act, screen, within, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { components } from '@/lib/api/schema';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';

type Category = components['schemas']['Category'];

const category = (id: number, name: string, slug: string, image?: string): Category => ({
  id,
  name,
  slug,
  images: image ? [{ id: id * 10, image }] : [],
  parent: null,
  subcategories: [],
});

describe('home page', () => {
  it('shows the loading text while the categories load', async () => {
    server.use(
      http.get('/api/store/categories/', async () => {
        await delay('infinite');
        return HttpResponse.json([]);
      }),
    );
    renderApp('/');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Discover Our Collections' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Curating Experiences...');
    await waitFor(() => {
      expect(document.title).toBe('Dwa — Online mall for Ghana');
    });
  });

  it('shows a card per category linking to /category/{slug}', async () => {
    server.use(
      http.get('/api/store/categories/', () =>
        HttpResponse.json([
          category(1, 'Gaming', 'gaming', '/media/c/gaming.jpg'),
          category(2, 'Jewelry & Watches', 'jewelry-watches'),
        ]),
      ),
    );
    renderApp('/');

    const gaming = await screen.findByRole('link', { name: 'Gaming' });
    expect(gaming).toHaveAttribute('href', '/category/gaming');
    const image = gaming.querySelector('img');
    expect(image).toHaveAttribute('src', '/media/c/gaming.jpg');
    expect(image).toHaveAttribute('width', '400');
    expect(image).toHaveAttribute('height', '300');

    const jewelry = screen.getByRole('link', { name: 'Jewelry & Watches' });
    expect(jewelry).toHaveAttribute('href', '/category/jewelry-watches');
    expect(within(jewelry).queryByRole('img')).not.toBeInTheDocument();
    expect(within(jewelry).getByTestId('category-placeholder')).toBeInTheDocument();

    expect(screen.queryByText('Curating Experiences...')).not.toBeInTheDocument();
  });

  it('in data-saver mode shows each category by its initial, without its picture', async () => {
    window.localStorage.setItem('dwa-data-saver', 'on');
    server.use(
      http.get('/api/store/categories/', () =>
        HttpResponse.json([category(1, 'Gaming', 'gaming', '/media/c/gaming.jpg')]),
      ),
    );
    renderApp('/');

    const gaming = await screen.findByRole('link', { name: 'Gaming' });
    expect(gaming).toHaveAttribute('href', '/category/gaming');
    expect(gaming.querySelector('img')).toBeNull();
    expect(within(gaming).getByTestId('category-placeholder')).toHaveTextContent('G');
  });

  it('shows the error text when the categories cannot be loaded', async () => {
    server.use(
      http.get('/api/store/categories/', () =>
        HttpResponse.json(
          { detail: 'Internal server error.', code: 'server_error' },
          { status: 500 },
        ),
      ),
    );
    renderApp('/');

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch categories');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
  });

  it(
    'loads the rails at once, or in data-saver mode only once the shopper scrolls to them',
    { timeout: 30_000 },
    async () => {
      let reveal: (() => void) | undefined;
      class Later {
        private readonly cb: IntersectionObserverCallback;
        constructor(cb: IntersectionObserverCallback) {
          this.cb = cb;
        }
        observe(target: Element) {
          reveal = () => {
            this.cb(
              [{ isIntersecting: true, target } as IntersectionObserverEntry],
              this as unknown as IntersectionObserver,
            );
          };
        }
        disconnect() {}
      }
      vi.stubGlobal('IntersectionObserver', Later);
      server.use(http.get('/api/store/categories/', () => HttpResponse.json([])));

      // The rails are a lazy chunk: on a loaded machine its first import takes a few seconds.
      const lazyChunk = { timeout: 10_000 };
      const view = renderApp('/');
      expect(
        await screen.findByRole('heading', { name: "Today's deals" }, lazyChunk),
      ).toBeInTheDocument();
      view.unmount();

      window.localStorage.setItem('dwa-data-saver', 'on');
      reveal = undefined;
      renderApp('/');
      await screen.findByRole('heading', { level: 1, name: 'Discover Our Collections' });
      await waitFor(() => {
        expect(reveal).toBeDefined();
      });
      expect(screen.queryByRole('heading', { name: "Today's deals" })).not.toBeInTheDocument();
      act(() => {
        reveal?.();
      });
      expect(
        await screen.findByRole('heading', { name: "Today's deals" }, lazyChunk),
      ).toBeInTheDocument();
      vi.unstubAllGlobals();
    },
  );
});
