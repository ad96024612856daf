import { vi } from 'vitest';

/**
 * A stand-in IntersectionObserver for jsdom (which has none): every observed element is reported
 * in view at once, as on a tall screen. Returns the stub's restore function.
 */
export function everythingInView() {
  class InView {
    private readonly callback: IntersectionObserverCallback;
    constructor(callback: IntersectionObserverCallback) {
      this.callback = callback;
    }
    observe(target: Element) {
      this.callback(
        [{ isIntersecting: true, target } as IntersectionObserverEntry],
        this as unknown as IntersectionObserver,
      );
    }
    disconnect() {}
    unobserve() {}
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', InView);
  return () => vi.unstubAllGlobals();
}
