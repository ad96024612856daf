import { screen, within, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
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
});
