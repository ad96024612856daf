import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';

describe('layout', () => {
  it('has the brand, the fixed navigation links, the cart and the footer', async () => {
    renderApp('/products');
    await screen.findByRole('heading', { name: 'All Products' });

    expect(screen.getByRole('link', { name: 'Dwa' })).toHaveAttribute('href', '/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(nav).toContainElement(screen.getByRole('link', { name: 'Pre-Built Rigs' }));
    expect(screen.getByRole('link', { name: 'Pre-Built Rigs' })).toHaveAttribute(
      'href',
      '/category/deals/pre-built-rigs',
    );
    expect(screen.getByRole('link', { name: 'Second Hand Deals' })).toHaveAttribute(
      'href',
      '/category/deals/second-hand-deals',
    );
    expect(screen.getByRole('link', { name: 'Phones & Telecom' })).toHaveAttribute(
      'href',
      '/category/mobile-phones-and-tablets',
    );
    expect(screen.getByRole('link', { name: 'Cart' })).toHaveAttribute('href', '/cart');
    expect(await screen.findByRole('contentinfo')).toHaveTextContent(/© \d{4} Dwa/);
    expect(screen.getByRole('button', { name: /Back to top/ })).toBeInTheDocument();
  });

  it('searches for a non-blank query, encoded in the URL', async () => {
    const { location } = renderApp('/products');
    const box = await screen.findByRole('combobox', { name: 'Search products' });

    await userEvent.type(box, '  xbox & controller {enter}');

    expect(await screen.findByRole('heading', { name: 'Search Results' })).toBeInTheDocument();
    expect(location.current.pathname).toBe('/search');
    expect(location.current.search).toBe('?query=xbox%20%26%20controller');
    expect(screen.getByText('for “xbox & controller”')).toBeInTheDocument();
  });

  it('does not navigate for a blank query', async () => {
    const { location } = renderApp('/products');
    const box = await screen.findByRole('combobox', { name: 'Search products' });

    await userEvent.type(box, '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));

    expect(location.current.pathname).toBe('/products');
  });
});
