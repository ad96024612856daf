import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ProductGrid } from './product-grid';
import type { CardProduct } from './product-card';

const products: CardProduct[] = Array.from({ length: 7 }, (_, i) => ({
  id: i + 1,
  name: `Product ${i + 1}`,
  description: '',
  unit_price: '10.00',
  images: [],
  inventory: 3,
  average_rating: 0,
}));

describe('product grid', () => {
  it('leaves the cards past the first rows for the browser to render when they come near', () => {
    const { container } = render(
      <MemoryRouter>
        <ProductGrid
          products={products}
          hasMore={false}
          loadingMore={false}
          onLoadMore={() => {}}
        />
      </MemoryRouter>,
    );
    const deferred = [...container.querySelectorAll('li')].map((li) =>
      li.className.includes('[content-visibility:auto]'),
    );
    // The first four (two rows on a phone, the first on a wide screen) render at once.
    expect(deferred).toEqual([false, false, false, false, true, true, true]);
  });
});
