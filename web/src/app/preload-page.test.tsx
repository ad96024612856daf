import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { preloadPage } from './router';

// main.tsx waits for preloadPage before the app replaces the server's first screen (decision
// 0031): the app's first render must then be the page, not the loading state. A file of its own:
// a page rendered once by another test would render at once anyway.
describe('preloadPage', () => {
  it.each([
    ['/forgot-password', 'Forgot Password'],
    ['/password/reset/confirm/MQ/abc-123', 'Reset Password'],
  ])('%s: the first render is the page itself', async (path, heading) => {
    await preloadPage(path);
    renderApp(path);
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('a page not preloaded shows the loading state first', async () => {
    renderApp('/no-such-page');
    expect(screen.queryByRole('heading', { level: 1, name: '404' })).toBeNull();
    expect(await screen.findByRole('heading', { level: 1, name: '404' })).toBeInTheDocument();
  });
});
