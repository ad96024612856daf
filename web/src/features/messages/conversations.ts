import type { Me, Message } from './api/messages';

/** Who a conversation is with: a store (a shopper's side) or a customer (a store's side). */
export type Counterpart =
  | { kind: 'store'; id: number; name: string | null }
  | { kind: 'customer'; id: number; name: string };

export interface Conversation {
  key: string;
  with: Counterpart;
  /** Oldest first, as a thread is read. */
  messages: Message[];
  unread: number;
  latest: Message;
}

/** Whether `me` received the message, as a person or through the store they own. */
export function isReceived(message: Message, me: Me): boolean {
  if (message.receiver_user !== null) return message.receiver_user === me.id;
  return me.store !== null && message.receiver_store === me.store.id;
}

/** The other side of a message, seen from `me`. */
export function counterpartOf(message: Message, me: Me): Counterpart {
  if (!isReceived(message, me)) {
    return message.receiver_store !== null
      ? { kind: 'store', id: message.receiver_store, name: message.receiver }
      : { kind: 'customer', id: message.receiver_user ?? 0, name: message.receiver };
  }
  // Received by my store: a customer wrote. Received by me: a store's owner wrote as the store.
  if (message.receiver_store !== null || message.sender_store === null) {
    return { kind: 'customer', id: message.sender_id, name: message.sender };
  }
  return { kind: 'store', id: message.sender_store, name: null };
}

export const conversationKey = (c: Counterpart) => `${c.kind}-${String(c.id)}`;

/**
 * The messages grouped by counterpart, the conversation with the newest message first. A store
 * is named by what the shopper's own messages to it say; a store that wrote first is named later
 * (its name is not in the message).
 */
export function groupConversations(messages: readonly Message[], me: Me): Conversation[] {
  const groups = new Map<string, Conversation>();
  const byTime = [...messages].sort(
    (a, b) => a.timestamp.localeCompare(b.timestamp) || a.id - b.id,
  );
  for (const message of byTime) {
    const counterpart = counterpartOf(message, me);
    const key = conversationKey(counterpart);
    let group = groups.get(key);
    if (!group) {
      group = { key, with: counterpart, messages: [], unread: 0, latest: message };
      groups.set(key, group);
    }
    if (group.with.name === null && counterpart.name !== null) group.with = counterpart;
    group.messages.push(message);
    group.latest = message;
    if (isReceived(message, me) && !message.is_read) group.unread += 1;
  }
  return [...groups.values()].sort(
    (a, b) => b.latest.timestamp.localeCompare(a.latest.timestamp) || b.latest.id - a.latest.id,
  );
}
