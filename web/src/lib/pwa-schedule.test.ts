import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The offline parts' start (lib/pwa-schedule.ts, docs/decisions/0025): each case loads the module
// afresh, as a page load does.
async function load() {
  vi.resetModules();
  return import('./pwa-schedule');
}

function controlledBy(worker: object | null) {
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { controller: worker },
  });
}

describe('startPwa', () => {
  beforeEach(() => {
    localStorage.clear();
  });
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('starts at once without data saver', async () => {
    const { startPwa, pageViewed } = await load();
    const start = vi.fn();
    pageViewed();
    startPwa(start);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it("in data saver waits on a device's first page view, then starts at the second, once", async () => {
    localStorage.setItem('dwa-data-saver', 'on');
    const { startPwa, pageViewed } = await load();
    const start = vi.fn();
    pageViewed();
    startPwa(start);
    expect(start).not.toHaveBeenCalled();
    pageViewed();
    expect(start).toHaveBeenCalledTimes(1);
    pageViewed();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('in data saver starts at once when the shopper moved on before it was asked', async () => {
    localStorage.setItem('dwa-data-saver', 'on');
    const { startPwa, pageViewed } = await load();
    const start = vi.fn();
    pageViewed();
    pageViewed();
    startPwa(start);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it("in data saver starts at once on the device's next page load", async () => {
    localStorage.setItem('dwa-data-saver', 'on');
    let schedule = await load();
    schedule.pageViewed();
    schedule.startPwa(vi.fn());
    schedule = await load();
    const start = vi.fn();
    schedule.pageViewed();
    schedule.startPwa(start);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('in data saver starts at once when a worker controls the page', async () => {
    localStorage.setItem('dwa-data-saver', 'on');
    controlledBy({});
    const { startPwa, pageViewed } = await load();
    const start = vi.fn();
    pageViewed();
    startPwa(start);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it.each(['dwa-bag-queue', 'dwa-bag-refused', 'dwa-wishlist-queue', 'dwa-wishlist-refused'])(
    'in data saver starts at once when %s holds something to send or show',
    async (key) => {
      localStorage.setItem('dwa-data-saver', 'on');
      localStorage.setItem(key, '[]');
      const { startPwa, pageViewed } = await load();
      const start = vi.fn();
      pageViewed();
      startPwa(start);
      expect(start).toHaveBeenCalledTimes(1);
    },
  );

  it('with data saver switched off in the menu, starts at once', async () => {
    localStorage.setItem('dwa-data-saver', 'off');
    controlledBy(null);
    const { startPwa, pageViewed } = await load();
    const start = vi.fn();
    pageViewed();
    startPwa(start);
    expect(start).toHaveBeenCalledTimes(1);
  });
});
