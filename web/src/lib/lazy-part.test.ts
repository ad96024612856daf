import { createElement, Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPart, loadOnce, RELOAD_FLAG } from './lazy-part';

const Page = () => null;
const chunkError = () => new TypeError('Failed to fetch dynamically imported module');

describe('loadOnce', () => {
  it('resolves to the module', async () => {
    const reload = vi.fn();
    await expect(loadOnce(() => Promise.resolve({ default: Page }), reload)).resolves.toEqual({
      default: Page,
    });
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads the page once when a chunk fails, then lets the error through', async () => {
    const reload = vi.fn();
    const failing = () => loadOnce(() => Promise.reject(chunkError()), reload);

    void failing(); // stays pending while the page reloads
    await vi.waitFor(() => {
      expect(reload).toHaveBeenCalledTimes(1);
    });
    expect(window.sessionStorage.getItem(RELOAD_FLAG)).not.toBeNull();

    await expect(failing()).rejects.toThrow('Failed to fetch dynamically imported module');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('re-arms the guard after a chunk loads again', async () => {
    const reload = vi.fn();
    window.sessionStorage.setItem(RELOAD_FLAG, '1');

    await loadOnce(() => Promise.resolve({ default: Page }), reload);
    expect(window.sessionStorage.getItem(RELOAD_FLAG)).toBeNull();

    void loadOnce(() => Promise.reject(chunkError()), reload);
    await vi.waitFor(() => {
      expect(reload).toHaveBeenCalledTimes(1);
    });
  });

  it('offline, waits for the connection instead of reloading, then loads', async () => {
    const reload = vi.fn();
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    let attempts = 0;
    const loaded = loadOnce(() => {
      attempts += 1;
      return attempts === 1 ? Promise.reject(chunkError()) : Promise.resolve({ default: Page });
    }, reload);
    await vi.waitFor(() => {
      expect(attempts).toBe(1);
    });
    online.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await expect(loaded).resolves.toEqual({ default: Page });
    expect(attempts).toBe(2);
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('lazyPart', () => {
  const Here = () => createElement('p', null, 'here');
  const inSuspense = (part: ReturnType<typeof lazyPart>) =>
    createElement(Suspense, { fallback: createElement('p', null, 'waiting') }, createElement(part));

  it('renders a preloaded part at once, never its fallback', async () => {
    const load = vi.fn(() => Promise.resolve({ default: Here }));
    const Part = lazyPart(load);
    await Part.preload();
    render(inSuspense(Part));
    expect(screen.getByText('here')).toBeInTheDocument();
    expect(screen.queryByText('waiting')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows the fallback of a part not yet loaded, then the part, loading it once', async () => {
    const load = vi.fn(() => Promise.resolve({ default: Here }));
    const Part = lazyPart(load);
    render(inSuspense(Part));
    expect(screen.getByText('waiting')).toBeInTheDocument();
    expect(await screen.findByText('here')).toBeInTheDocument();
    await Part.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
