import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/render';
import { server } from '@/test/server';
import { fakeJwt } from '@/test/tokens';

// Counts the loads of the messages link's module: a visitor's page must not fetch its chunk.
const loads = vi.hoisted(() => ({ count: 0 }));
vi.mock('@/features/messages/components/messages-link', () => {
  loads.count += 1;
  return { default: () => <a href="/messages">Messages</a> };
});

describe('header messages link', () => {
  it('is not loaded for a visitor, and is once signed in', async () => {
    const { unmount } = renderApp('/forgot-password');
    await screen.findByRole('link', { name: /Cart/ });
    expect(loads.count).toBe(0);
    unmount();

    server.use(http.get('/api/store/cart-items/', () => HttpResponse.json([])));
    window.localStorage.setItem('access', fakeJwt(600));
    renderApp('/forgot-password');
    expect(await screen.findByRole('link', { name: 'Messages' })).toBeInTheDocument();
    expect(loads.count).toBe(1);
  });
});
