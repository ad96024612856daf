import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { intersectionByHand } from '@/test/intersection';
import { useNearViewport } from './use-near-viewport';

function Rail() {
  const [ref] = useNearViewport<HTMLDivElement>();
  return <div ref={ref} />;
}

describe('useNearViewport', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('looks 300 px ahead normally, and not at all in data-saver mode', () => {
    const view = intersectionByHand();
    const { unmount } = render(<Rail />);
    unmount();
    window.localStorage.setItem('dwa-data-saver', 'on');
    render(<Rail />);
    expect(view.margins()).toEqual(['300px 0px', '0px 0px']);
  });
});
