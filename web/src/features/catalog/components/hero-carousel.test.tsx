import { act, fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { intersectionByHand } from '@/test/intersection';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';

const slides = [
  {
    id: 1,
    title: 'Computers & Accessories',
    description: 'Everything you need in one place',
    image: '/hero_images/computers.svg',
    link: '/category/computer-office-education',
  },
  {
    id: 2,
    title: 'Online Shopping Made Easy!',
    description: 'Comfort and style at great prices',
    image: '/hero_images/online-shopping.svg',
    link: '/products',
  },
  {
    id: 3,
    title: 'Best Deals',
    description: "Build Your Own Rig With Us. Don't Miss Out!",
    image: '/hero_images/best-deals.svg',
    link: 'category/deals',
  },
];

function current() {
  return screen
    .getAllByRole('group', { hidden: true })
    .filter((g) => g.getAttribute('aria-roledescription') === 'slide')
    .find((g) => g.getAttribute('aria-hidden') === 'false');
}

async function renderHome(reducedMotion = false) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: reducedMotion && query.includes('reduce'),
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList,
  );
  server.use(
    http.get('/api/store/hero/', () => HttpResponse.json(slides)),
    http.get('/api/store/categories/', () => HttpResponse.json([])),
  );
  // Only the timers are fake (from before the carousel mounts): time moves when the test says.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  renderApp('/');
  await vi.waitFor(async () => {
    await act(() => vi.advanceTimersByTimeAsync(0));
    screen.getByText('Computers & Accessories');
  }, 4000);
}

describe('hero carousel', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows each slide with its Shop Now link (links without a slash get one)', async () => {
    await renderHome();
    expect(current()).toHaveAccessibleName('1 of 3');
    expect(
      screen
        .getAllByRole('link', { name: 'Shop Now', hidden: true })
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/category/computer-office-education', '/products', '/category/deals']);
  });

  it('moves on every 5000 ms and wraps around', async () => {
    await renderHome();
    // Waiting for the page lets some fake time pass after the carousel's wait began (how much
    // depends on how fast the page's parts load); a manual move there and back starts it anew.
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(current()).toHaveAccessibleName('1 of 3');
    await act(() => vi.advanceTimersByTimeAsync(4999));
    expect(current()).toHaveAccessibleName('1 of 3');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(current()).toHaveAccessibleName('2 of 3');
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(current()).toHaveAccessibleName('3 of 3');
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(current()).toHaveAccessibleName('1 of 3');
  });

  it('has previous and next controls, and a manual move restarts the wait', async () => {
    await renderHome();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(current()).toHaveAccessibleName('3 of 3');
    await act(() => vi.advanceTimersByTimeAsync(4999));
    expect(current()).toHaveAccessibleName('3 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(current()).toHaveAccessibleName('1 of 3');
  });

  it('pauses while hovered and with its pause button', async () => {
    await renderHome();
    const carousel = screen.getByRole('region', { name: 'Featured collections' });
    fireEvent.pointerEnter(carousel);
    await act(() => vi.advanceTimersByTimeAsync(12_000));
    expect(current()).toHaveAccessibleName('1 of 3');
    fireEvent.pointerLeave(carousel);
    fireEvent.click(screen.getByRole('button', { name: 'Pause slide show' }));
    fireEvent.blur(screen.getByRole('button', { name: 'Start slide show' }));
    await act(() => vi.advanceTimersByTimeAsync(12_000));
    expect(current()).toHaveAccessibleName('1 of 3');
  });

  it('pauses while the tab is hidden', async () => {
    await renderHome();
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    fireEvent(document, new Event('visibilitychange'));
    await act(() => vi.advanceTimersByTimeAsync(12_000));
    expect(current()).toHaveAccessibleName('1 of 3');
    visibility.mockReturnValue('visible');
    fireEvent(document, new Event('visibilitychange'));
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(current()).toHaveAccessibleName('2 of 3');
  });

  it('pauses while scrolled out of view', async () => {
    const view = intersectionByHand();
    await renderHome();
    const carousel = screen.getByRole('region', { name: 'Featured collections' });
    expect(view.watched(carousel)).toBe(true);
    act(() => {
      view.show(carousel, false);
    });
    await act(() => vi.advanceTimersByTimeAsync(12_000));
    expect(current()).toHaveAccessibleName('1 of 3');
    act(() => {
      view.show(carousel, true);
    });
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(current()).toHaveAccessibleName('2 of 3');
  });

  it('does not move by itself when reduced motion is preferred', async () => {
    await renderHome(true);
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(current()).toHaveAccessibleName('1 of 3');
  });

  it('in data-saver mode neither moves nor fades, and fetches only the shown slide', async () => {
    window.localStorage.setItem('dwa-data-saver', 'on');
    await renderHome();
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(current()).toHaveAccessibleName('1 of 3');
    expect(current()).not.toHaveClass('transition-opacity');
    expect(screen.queryByRole('button', { name: 'Pause slide show' })).toBeNull();
    const images = () =>
      Array.from(document.querySelectorAll('section img'), (img) => img.getAttribute('src'));
    expect(images()).toEqual(['/hero_images/computers.svg']);
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(images()).toEqual(['/hero_images/online-shopping.svg']);
  });

  it('fetches the shown slide and the next one, and keeps the images of slides shown before', async () => {
    await renderHome();
    const images = () =>
      Array.from(document.querySelectorAll('section img'), (img) => img.getAttribute('src'));
    expect(images()).toEqual(['/hero_images/computers.svg', '/hero_images/online-shopping.svg']);
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(current()).toHaveAccessibleName('2 of 3');
    expect(images()).toEqual([
      '/hero_images/computers.svg',
      '/hero_images/online-shopping.svg',
      '/hero_images/best-deals.svg',
    ]);
  });
});
