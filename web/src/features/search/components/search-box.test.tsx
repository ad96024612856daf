import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';

const names = [
  'X-Box Series S',
  'X-Box Series X',
  'Xbox Controller',
  'Xbox Headset',
  'Xbox Cable',
  'Xbox Six',
];

function suggestionsApi() {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get('/api/store/products/', ({ request }) => {
      const params = new URL(request.url).searchParams;
      queries.push(params);
      return HttpResponse.json({
        count: names.length,
        next: null,
        previous: null,
        results: names.map((name, i) => ({ id: i + 1, name })),
      });
    }),
  );
  return queries;
}

describe('search box', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks for suggestions after a 100 ms pause, sends xbox as x-box, shows at most 5', async () => {
    // Only the timers are fake: time moves when the test says so.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const queries = suggestionsApi();
    renderApp('/not-here');
    const box = screen.getByRole('combobox', { name: 'Search products' });

    fireEvent.change(box, { target: { value: 'XBOX' } });
    await act(() => vi.advanceTimersByTimeAsync(99));
    expect(queries).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    await vi.waitFor(async () => {
      await act(() => vi.advanceTimersByTimeAsync(10)); // the query's own scheduling
      expect(screen.getAllByRole('option')).not.toHaveLength(0);
    });

    const options = screen.getAllByRole('option');
    expect(options).toHaveLength(5);
    expect(queries).toHaveLength(1);
    expect(queries[0]?.get('search')).toBe('x-box');
    expect(queries[0]?.get('page_size')).toBe('5');
    expect(queries[0]?.get('fields')).toBe('id,name');
    expect(box).toHaveAttribute('aria-expanded', 'true');
  });

  it('asks nothing for blank text', async () => {
    const queries = suggestionsApi();
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    renderApp('/not-here');
    await user.type(await screen.findByRole('combobox', { name: 'Search products' }), '   ');
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(queries).toHaveLength(0);
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it('moves through suggestions with the arrows and opens the chosen one with Enter', async () => {
    suggestionsApi();
    server.use(http.get('/api/store/products/:id/', () => new HttpResponse(null, { status: 404 })));
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    const { location } = renderApp('/not-here');
    const box = await screen.findByRole('combobox', { name: 'Search products' });
    await user.type(box, 'xbox');
    await act(() => vi.advanceTimersByTimeAsync(100));
    await screen.findAllByRole('option');

    await user.keyboard('{ArrowDown}{ArrowDown}');
    const second = screen.getByRole('option', { name: 'X-Box Series X' });
    expect(second).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', second.id);
    await user.keyboard('{ArrowUp}{ArrowUp}'); // back to the text itself
    expect(box).not.toHaveAttribute('aria-activedescendant');
    await user.keyboard('{ArrowDown}{Enter}');

    expect(location.current.pathname).toBe('/store/products/1');
  });

  it('closes the list with Escape, and Enter then searches for the text', async () => {
    suggestionsApi();
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    const { location } = renderApp('/not-here');
    const box = await screen.findByRole('combobox', { name: 'Search products' });
    await user.type(box, 'xbox & more');
    await act(() => vi.advanceTimersByTimeAsync(100));
    await screen.findAllByRole('option');

    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{Enter}');

    expect(location.current.pathname).toBe('/search');
    expect(location.current.search).toBe('?query=xbox%20%26%20more');
  });

  it('keeps working when suggestions fail (only logged)', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(http.get('/api/store/products/', () => new HttpResponse(null, { status: 500 })));
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    const { location } = renderApp('/not-here');
    const box = await screen.findByRole('combobox', { name: 'Search products' });
    await user.type(box, 'phone');
    await act(() => vi.advanceTimersByTimeAsync(100));
    await vi.waitFor(() => {
      expect(log).toHaveBeenCalledWith('Search suggestions failed', expect.anything());
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(location.current.search).toBe('?query=phone');
  });
});
