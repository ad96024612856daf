import { vi } from 'vitest';

/** What jsdom lacks of IntersectionObserver, for the stand-ins below to say when elements show. */
abstract class Observer {
  readonly callback: IntersectionObserverCallback;
  readonly options: IntersectionObserverInit | undefined;
  constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
    this.callback = callback;
    this.options = options;
  }
  report(target: Element, isIntersecting: boolean) {
    this.callback(
      [{ isIntersecting, target } as IntersectionObserverEntry],
      this as unknown as IntersectionObserver,
    );
  }
  abstract observe(target: Element): void;
  disconnect() {}
  unobserve() {}
  takeRecords() {
    return [];
  }
}

/**
 * A stand-in IntersectionObserver for jsdom (which has none): every observed element is reported
 * in view at once, as on a tall screen. Returns the stub's restore function.
 */
export function everythingInView() {
  class InView extends Observer {
    override observe(target: Element) {
      this.report(target, true);
    }
  }
  vi.stubGlobal('IntersectionObserver', InView);
  return () => vi.unstubAllGlobals();
}

/**
 * A stand-in IntersectionObserver that says nothing until the test does: `show(el, inView)` reports
 * el to every observer still watching it. `margins()` lists the root margin each observer was made
 * with. Undo with vi.unstubAllGlobals().
 */
export function intersectionByHand() {
  const made: ByHand[] = [];
  class ByHand extends Observer {
    readonly targets = new Set<Element>();
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      super(callback, options);
      made.push(this);
    }
    override observe(target: Element) {
      this.targets.add(target);
    }
    override disconnect() {
      this.targets.clear();
    }
  }
  vi.stubGlobal('IntersectionObserver', ByHand);
  const watching = (target: Element) => made.filter((o) => o.targets.has(target));
  return {
    watched: (target: Element) => watching(target).length > 0,
    show(target: Element, isIntersecting: boolean) {
      for (const o of watching(target)) o.report(target, isIntersecting);
    },
    margins: () => made.map((o) => o.options?.rootMargin ?? ''),
  };
}
