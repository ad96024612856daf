import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { message } from '@/test/fixtures';
import './messages-link'; // the header loads it lazily: loaded here, it is there at once
import { renderApp } from '@/test/render';
import { stubEventSource } from '@/test/event-source';
import { server } from '@/test/server';
import { fakeJwt } from '@/test/tokens';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('header messages link', () => {
  it('shows the unread count and follows a reply from the live stream at once', async () => {
    const streams = stubEventSource();
    let unread = 2;
    server.use(
      http.get('/api/store/cart-items/', () => HttpResponse.json([])),
      http.get('/api/store/messages/unread_count/', () => HttpResponse.json({ count: unread })),
      http.post('/api/store/messages/stream-ticket/', () =>
        HttpResponse.json({ ticket: 'st_hdr', expires_in: 60 }, { status: 201 }),
      ),
    );
    window.localStorage.setItem('access', fakeJwt(600));
    renderApp('/forgot-password');
    const link = await screen.findByRole('link', { name: 'Messages 2 unread' });
    expect(link).toHaveAttribute('href', '/messages');
    await waitFor(() => {
      expect(streams.map((s) => s.url)).toEqual(['/api/store/messages/stream/?ticket=st_hdr']);
    });

    unread = 3;
    act(() => {
      streams[0]?.dispatchEvent(
        new MessageEvent('message', {
          data: JSON.stringify(message(9, { content: 'Yes, 25 left.' })),
          lastEventId: '9',
        }),
      );
    });
    expect(await screen.findByRole('link', { name: 'Messages 3 unread' })).toBeInTheDocument();
  });

  it('shows no count when nothing is unread, and no link when signed out', async () => {
    server.use(http.get('/api/store/cart-items/', () => HttpResponse.json([])));
    window.localStorage.setItem('access', fakeJwt(600));
    const { unmount } = renderApp('/forgot-password');
    expect(await screen.findByRole('link', { name: 'Messages' })).toBeInTheDocument();
    unmount();
    window.localStorage.clear();
    renderApp('/forgot-password');
    await screen.findByRole('link', { name: /Cart/ });
    expect(screen.queryByRole('link', { name: /^Messages/ })).not.toBeInTheDocument();
  });
});
