import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScrollRow } from './scroll-row';

// Records what each ResizeObserver watches, and lets a test say that sizes changed.
const observers: { callback: () => void; targets: Element[] }[] = [];
class Recording {
  targets: Element[] = [];
  constructor(callback: () => void) {
    observers.push({ callback, targets: this.targets });
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  disconnect() {
    this.targets.length = 0;
  }
}
const watched = () => observers.flatMap((o) => o.targets);

describe('scroll row', () => {
  afterEach(() => {
    observers.length = 0;
    vi.unstubAllGlobals();
  });

  it('shows the end hint once its items grow past the row (longer labels after a re-render)', () => {
    vi.stubGlobal('ResizeObserver', Recording);
    let scrollWidth = 300; // fits a 320 px row at first
    const { container } = render(
      <ScrollRow label="Sections">
        <ul>
          <li>Reviews</li>
          <li>Description</li>
        </ul>
      </ScrollRow>,
    );
    const row = screen.getByRole('navigation', { name: 'Sections' });
    Object.defineProperty(row, 'clientWidth', { value: 320 });
    Object.defineProperty(row, 'scrollWidth', { get: () => scrollWidth });
    expect(container.querySelector('[data-scroll-hint="end"]')).toBeNull();
    expect(watched()).toContain(container.querySelector('li'));

    scrollWidth = 420;
    act(() => {
      for (const o of observers) o.callback();
    });
    expect(container.querySelector('[data-scroll-hint="end"]')).not.toBeNull();
  });

  it("watches items put in after the first render (a rail's cards replacing its skeletons)", async () => {
    vi.stubGlobal('ResizeObserver', Recording);
    const { rerender } = render(
      <ScrollRow label="Deals">
        <ul />
      </ScrollRow>,
    );
    rerender(
      <ScrollRow label="Deals">
        <ul>
          <li>Xbox Series X</li>
        </ul>
      </ScrollRow>,
    );
    const card = screen.getByText('Xbox Series X');
    await waitFor(() => {
      expect(watched()).toContain(card);
    });
    // The list's items as they are now; nothing removed is held on to.
    rerender(
      <ScrollRow label="Deals">
        <ul>
          <li key="ps5">PlayStation 5</li>
        </ul>
      </ScrollRow>,
    );
    const next = screen.getByText('PlayStation 5');
    await waitFor(() => {
      expect(watched()).toContain(next);
    });
    expect(watched()).not.toContain(card);
  });
});
