import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNearViewport } from './use-near-viewport';

// Records the margin each observer is made with.
const margins: string[] = [];
class Recording {
  constructor(_: IntersectionObserverCallback, options?: IntersectionObserverInit) {
    margins.push(options?.rootMargin ?? '');
  }
  observe() {}
  disconnect() {}
}

function Rail() {
  const [ref] = useNearViewport<HTMLDivElement>();
  return <div ref={ref} />;
}

describe('useNearViewport', () => {
  afterEach(() => {
    margins.length = 0;
    vi.unstubAllGlobals();
  });

  it('looks 300 px ahead normally, and not at all in data-saver mode', () => {
    vi.stubGlobal('IntersectionObserver', Recording);
    const { unmount } = render(<Rail />);
    unmount();
    window.localStorage.setItem('dwa-data-saver', 'on');
    render(<Rail />);
    expect(margins).toEqual(['300px 0px', '0px 0px']);
  });
});
