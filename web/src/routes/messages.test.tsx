import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type HttpHandler } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { components } from '@/lib/api/schema';
import { renderApp } from '@/test/render';
import { stubEventSource } from '@/test/event-source';
import { server } from '@/test/server';
import { fakeJwt } from '@/test/tokens';
import { fromStore3ToKofi, message, ownerMe as owner, shopperMe as shopper } from '@/test/fixtures';

type Message = components['schemas']['Message'];
type Me = components['schemas']['Me'];

const fromKofi = (id: number, content: string, is_read = false) =>
  message(id, { content, is_read });

/** The Message Center for `me`, answering the list from `messages` (read on every request). */
function openCenter(me: Me, messages: () => Message[], ...overrides: HttpHandler[]) {
  window.localStorage.setItem('access', fakeJwt(600));
  const patched: number[] = [];
  server.use(
    ...overrides,
    http.get('/api/store/cart-items/', () => HttpResponse.json([])),
    http.get('/api/auth/users/me/', () => HttpResponse.json(me)),
    http.get('/api/store/messages/', () => HttpResponse.json(messages())),
    http.get('/api/store/messages/unread_count/', () =>
      HttpResponse.json({
        count: messages().filter((m) => m.sender_id !== me.id && !m.is_read).length,
      }),
    ),
    http.patch('/api/store/messages/:id/', async ({ params, request }) => {
      const id = Number(params.id);
      patched.push(id);
      const body = (await request.json()) as { is_read: boolean };
      const found = messages().find((m) => m.id === id);
      return HttpResponse.json({ ...found, ...body });
    }),
  );
  return { ...renderApp('/messages'), patched };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('message center', () => {
  it('shows the unread badge and the conversations, unread ones highlighted', async () => {
    openCenter(owner, () => [fromKofi(1, 'Is it in stock?'), fromKofi(2, 'Hello again')]);
    const list = await screen.findByRole('list', { name: 'Conversations' });
    const kofi = within(list).getByRole('button', { name: /kofi/ });
    expect(kofi).toHaveTextContent('2 unread');
    expect(kofi).toHaveTextContent('Hello again');
    expect(kofi).toHaveClass('bg-brand-50');
    expect(await screen.findByText('2 unread', { selector: 'h1 + span' })).toBeInTheDocument();
  });

  it('opening a conversation marks its received messages read', async () => {
    let messages = [fromKofi(1, 'Is it in stock?'), fromKofi(2, 'Hello again')];
    const { patched } = openCenter(owner, () => messages);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /kofi/ }));
    const thread = screen.getByRole('region', { name: 'kofi' });
    expect(within(thread).getByText('Customer ID: 42')).toBeInTheDocument();
    expect(within(thread).getByText('Is it in stock?')).toBeInTheDocument();
    await waitFor(() => {
      expect(patched.sort()).toEqual([1, 2]);
    });
    messages = messages.map((m) => ({ ...m, is_read: true }));
    await waitFor(() => {
      expect(screen.getByRole('button', { name: /kofi/ })).not.toHaveTextContent('unread');
    });
  });

  it('a store’s conversation links to the store’s page', async () => {
    openCenter(
      shopper,
      () => [message(1, { ...fromStore3ToKofi, content: 'Your console has shipped.' })],
      http.get('/api/store/stores/3/', () =>
        HttpResponse.json({
          id: 3,
          name: 'Accra Game Hub',
          logo: null,
          description: '',
          contact_info: '',
          average_rating: 0,
          ratings_count: 0,
        }),
      ),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Accra Game Hub/ }));
    const thread = screen.getByRole('region', { name: 'Accra Game Hub' });
    expect(within(thread).getByRole('link', { name: 'Visit the store' })).toHaveAttribute(
      'href',
      '/stores/3-accra-game-hub',
    );
  });

  it('says when marking read fails', async () => {
    openCenter(owner, () => [fromKofi(1, 'Is it in stock?')]);
    server.use(http.patch('/api/store/messages/:id/', () => HttpResponse.error()));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /kofi/ }));
    expect(await screen.findByText('Failed to mark message as read.')).toBeInTheDocument();
  });

  it('a shopper writes to the first store the name search finds', async () => {
    let sent: unknown;
    const sentMessage = { ...fromKofi(5, 'Do you deliver to Kumasi?', true) };
    openCenter(shopper, () => (sent ? [sentMessage] : []));
    server.use(
      http.get('/api/store/stores/', ({ request }) => {
        const search = new URL(request.url).searchParams.get('search') ?? '';
        return HttpResponse.json(
          search.toLowerCase().includes('hub')
            ? [
                {
                  id: 3,
                  name: 'Accra Game Hub',
                  logo: null,
                  description: '',
                  contact_info: '',
                  average_rating: 0,
                },
                {
                  id: 9,
                  name: 'Hub Two',
                  logo: null,
                  description: '',
                  contact_info: '',
                  average_rating: 0,
                },
              ]
            : [],
        );
      }),
      http.post('/api/store/messages/', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(sentMessage, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    const compose = await screen.findByRole('form', { name: 'New Message' });
    await user.click(within(compose).getByRole('button', { name: 'Send Message' }));
    expect(within(compose).getByRole('alert')).toHaveTextContent(
      'Please fill in the recipient and the message.',
    );
    await user.type(within(compose).getByLabelText('Store name'), 'nowhere');
    await user.type(within(compose).getByLabelText('Message'), 'Do you deliver to Kumasi?');
    await user.click(within(compose).getByRole('button', { name: 'Send Message' }));
    await waitFor(() => {
      expect(within(compose).getByRole('alert')).toHaveTextContent(
        'Store with the given name does not exist.',
      );
    });
    await user.clear(within(compose).getByLabelText('Store name'));
    // Said of the old name: it goes once the field is edited.
    expect(within(compose).getByRole('alert')).toBeEmptyDOMElement();
    await user.type(within(compose).getByLabelText('Store name'), 'hub');
    await user.click(within(compose).getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByRole('region', { name: 'Accra Game Hub' })).toBeInTheDocument();
    expect(sent).toEqual({ content: 'Do you deliver to Kumasi?', receiver_store: 3 });
  });

  it('a store owner writes to a numeric customer id and sees the server’s refusal', async () => {
    openCenter(owner, () => []);
    server.use(
      http.post('/api/store/messages/', () =>
        HttpResponse.json(
          { receiver_user: ['No customer of your store has this id.'] },
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup();
    const compose = await screen.findByRole('form', { name: 'New Message' });
    await user.type(within(compose).getByLabelText('Customer ID'), 'kofi');
    await user.type(within(compose).getByLabelText('Message'), 'Your order is ready');
    await user.click(within(compose).getByRole('button', { name: 'Send Message' }));
    expect(within(compose).getByRole('alert')).toHaveTextContent(
      'Please enter a valid numeric Customer ID for the recipient.',
    );
    await user.clear(within(compose).getByLabelText('Customer ID'));
    await user.type(within(compose).getByLabelText('Customer ID'), '99');
    expect(within(compose).getByRole('alert')).toBeEmptyDOMElement();
    await user.click(within(compose).getByRole('button', { name: 'Send Message' }));
    await waitFor(() => {
      expect(within(compose).getByRole('alert')).toHaveTextContent(
        'Failed to send message. No customer of your store has this id.',
      );
    });
  });

  it('shows the load failure text', async () => {
    openCenter(
      shopper,
      () => [],
      http.get('/api/store/messages/', () => HttpResponse.error()),
    );
    expect(await screen.findByText('Failed to load messages.')).toBeInTheDocument();
  });

  it('polls every 10 seconds while there is no live stream', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let messages: Message[] = [];
    openCenter(owner, () => messages);
    await screen.findByText('No messages yet.');
    messages = [fromKofi(1, 'Anyone there?')];
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });
    expect(await screen.findByRole('button', { name: /kofi/ })).toHaveTextContent('Anyone there?');
  });

  it('shows a message from the live stream at once', async () => {
    const streams = stubEventSource();
    server.use(
      http.post('/api/store/messages/stream-ticket/', () =>
        HttpResponse.json({ ticket: 'st_abc', expires_in: 60 }, { status: 201 }),
      ),
    );
    openCenter(owner, () => []);
    await screen.findByText('No messages yet.');
    await waitFor(() => {
      expect(streams[0]?.url).toBe('/api/store/messages/stream/?ticket=st_abc');
    });
    act(() => {
      streams[0]?.dispatchEvent(
        new MessageEvent('message', {
          data: JSON.stringify(fromKofi(3, 'Live hello')),
          lastEventId: '3',
        }),
      );
    });
    expect(await screen.findByRole('button', { name: /kofi/ })).toHaveTextContent('Live hello');
  });
});
