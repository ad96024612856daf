import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest, listItems } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

export type Message = components['schemas']['Message'];
export type { Me } from '@/lib/auth/me';

export const messagesQueryKey = ['messages'] as const;
const unreadQueryKey = [...messagesQueryKey, 'unread'] as const;

/** Spec §4/§9: without the live stream, the list is read again every 10 seconds. */
export const POLL_MS = 10_000;

export { useMe } from '@/lib/auth/me';

/** `GET /api/store/messages/` — sent and received, newest first; polled while `poll`. */
export function useMessages(poll: boolean) {
  return useQuery({
    queryKey: messagesQueryKey,
    queryFn: async ({ signal }) => listItems(await apiGet('/store/messages/', { signal })),
    staleTime: 0,
    refetchInterval: poll ? POLL_MS : false,
  });
}

/** `GET /api/store/messages/unread_count/` — received and unread. */
export function useUnreadCount(poll: boolean) {
  return useQuery({
    queryKey: unreadQueryKey,
    queryFn: ({ signal }) => apiGet('/store/messages/unread_count/', { signal }),
    select: (data) => data.count,
    staleTime: 0,
    refetchInterval: poll ? POLL_MS : false,
  });
}

/**
 * Adds a message that arrived (stream) or was sent to the cached list, newest first, once; a list
 * not read yet stays unread (it would hold only this message), and the unread count is asked again.
 */
export function useMessageArrived() {
  const client = useQueryClient();
  return (message: Message) => {
    client.setQueryData<readonly Message[]>(messagesQueryKey, (list) =>
      list === undefined || list.some((m) => m.id === message.id) ? list : [message, ...list],
    );
    void client.invalidateQueries({ queryKey: unreadQueryKey });
  };
}

export type Recipient = { receiver_store: number } | { receiver_user: number };

/** `POST /api/store/messages/` — to a store (shoppers) or to a customer (store owners). */
export function sendMessage(content: string, to: Recipient): Promise<Message> {
  return apiRequest('post', '/store/messages/', { body: { content, ...to } });
}

/** `PATCH /api/store/messages/{id}/` — the receiver marks a message read. */
export function markRead(id: number): Promise<Message> {
  return apiRequest('patch', '/store/messages/{id}/', {
    params: { id },
    body: { is_read: true },
  });
}

/** `GET /api/store/stores/?search=` — stores whose name contains the text, by name. */
export async function findStores(search: string, signal?: AbortSignal) {
  return listItems(await apiGet('/store/stores/', { query: { search }, signal }));
}

/** `GET /api/store/stores/{id}/` — a store's name, for a conversation its owner started. */
export function useStoreName(id: number | null) {
  return useQuery({
    queryKey: ['store', id],
    queryFn: ({ signal }) => apiGet('/store/stores/{id}/', { params: { id: id ?? 0 }, signal }),
    enabled: id !== null,
    select: (store) => store.name,
  });
}

/** `POST /api/store/messages/stream-ticket/` — a single-use ticket to open the live stream. */
export async function streamTicket(): Promise<string> {
  const { ticket } = await apiRequest('post', '/store/messages/stream-ticket/', {});
  return ticket;
}
