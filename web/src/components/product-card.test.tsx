import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ProductCard, type CardProduct } from './product-card';

const image = 'https://dwa.example/media/uploads/products/7/abc123-1024.jpg';
const product: CardProduct = {
  id: 7,
  name: 'Gaming Headset',
  description: 'Over-ear, with a microphone.',
  unit_price: '350.00',
  images: [{ image }],
  inventory: 4,
  average_rating: 4,
};

function renderCard() {
  return render(
    <MemoryRouter>
      <ProductCard product={product} eager />
    </MemoryRouter>,
  );
}

describe('product card image', () => {
  it('loads the picture with its srcset normally', () => {
    const { container } = renderCard();
    const img = container.querySelector('img');
    expect(img).toHaveAttribute('src', image);
    expect(img?.getAttribute('srcset')).toContain('-640.jpg 640w');
    expect(screen.queryByRole('button', { name: /Tap to load image/ })).toBeNull();
  });

  it('in data-saver mode waits for a tap, then loads the smallest rendition only', () => {
    window.localStorage.setItem('dwa-data-saver', 'on');
    const { container } = renderCard();
    expect(container.querySelector('img')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Tap to load image of Gaming Headset' }));
    const img = container.querySelector('img');
    expect(img).toHaveAttribute(
      'src',
      'https://dwa.example/media/uploads/products/7/abc123-320.jpg',
    );
    expect(img).not.toHaveAttribute('srcset');
    // The tap loads the picture; the card's link is still the way to the product.
    expect(screen.getByRole('link', { name: 'Gaming Headset' })).toHaveAttribute(
      'href',
      '/store/products/7',
    );
  });
});
