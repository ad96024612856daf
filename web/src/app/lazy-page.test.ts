import { describe, expect, it, vi } from 'vitest';
import { lazyPage, RELOAD_FLAG } from './lazy-page';

const Page = () => null;
const chunkError = () => new TypeError('Failed to fetch dynamically imported module');

describe('lazyPage', () => {
  it('resolves to the module default export as the route Component', async () => {
    const reload = vi.fn();
    await expect(lazyPage(() => Promise.resolve({ default: Page }), reload)()).resolves.toEqual({
      Component: Page,
    });
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads the page once when a chunk fails, then lets the error through', async () => {
    const reload = vi.fn();
    const failing = lazyPage(() => Promise.reject(chunkError()), reload);

    const first = failing();
    await vi.waitFor(() => {
      expect(reload).toHaveBeenCalledTimes(1);
    });
    expect(window.sessionStorage.getItem(RELOAD_FLAG)).not.toBeNull();
    void first; // stays pending while the page reloads

    await expect(failing()).rejects.toThrow('Failed to fetch dynamically imported module');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('re-arms the guard after a chunk loads again', async () => {
    const reload = vi.fn();
    window.sessionStorage.setItem(RELOAD_FLAG, '1');

    await lazyPage(() => Promise.resolve({ default: Page }), reload)();
    expect(window.sessionStorage.getItem(RELOAD_FLAG)).toBeNull();

    void lazyPage(() => Promise.reject(chunkError()), reload)();
    await vi.waitFor(() => {
      expect(reload).toHaveBeenCalledTimes(1);
    });
  });
});
