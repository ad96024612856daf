import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScrollRow } from './scroll-row';

describe('scroll row', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the end hint once its items grow past the row (a web font arriving)', () => {
    const observers: { callback: () => void; targets: Element[] }[] = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
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
      },
    );
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
    const watched = observers.flatMap((o) => o.targets);
    expect(watched).toContain(container.querySelector('li'));

    scrollWidth = 420;
    act(() => {
      for (const o of observers) o.callback();
    });
    expect(container.querySelector('[data-scroll-hint="end"]')).not.toBeNull();
  });
});
