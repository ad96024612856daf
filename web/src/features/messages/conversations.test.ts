import { describe, expect, it } from 'vitest';
import type { Message } from './api/messages';
import { groupConversations } from './conversations';
import { fromStore3ToKofi, message, ownerMe as owner, shopperMe as shopper } from '@/test/fixtures';

let next = 1;
const nextMessage = (fields: Partial<Message> = {}) => message((next += 1), fields);

describe('groupConversations', () => {
  it('groups a shopper’s messages by store, newest conversation first, threads oldest first', () => {
    const toHub = nextMessage();
    const fromHub = nextMessage(fromStore3ToKofi);
    const toOther = nextMessage({
      receiver_store: 5,
      receiver: 'Kumasi Phone Plaza',
      is_read: true,
    });
    const [first, second, ...rest] = groupConversations([toOther, fromHub, toHub], shopper);
    expect(rest).toEqual([]);
    expect(first?.with).toEqual({ kind: 'store', id: 5, name: 'Kumasi Phone Plaza' });
    expect(first?.unread).toBe(0); // sent messages never count as unread
    expect(second?.with).toEqual({ kind: 'store', id: 3, name: 'Accra Game Hub' });
    expect(second?.messages.map((m) => m.id)).toEqual([toHub.id, fromHub.id]);
    expect(second?.unread).toBe(1);
  });

  it('leaves a store that wrote first unnamed (its name is looked up)', () => {
    const fromHub = nextMessage(fromStore3ToKofi);
    expect(groupConversations([fromHub], shopper)[0]?.with).toEqual({
      kind: 'store',
      id: 3,
      name: null,
    });
  });

  it('groups a store owner’s inbox by customer, with replies in the same thread', () => {
    const fromKofi = nextMessage();
    const fromAma = nextMessage({ sender: 'ama', sender_id: 43 });
    const reply = nextMessage(fromStore3ToKofi);
    const conversations = groupConversations([reply, fromAma, fromKofi], owner);
    expect(conversations.map((c) => c.with)).toEqual([
      { kind: 'customer', id: 42, name: 'kofi' },
      { kind: 'customer', id: 43, name: 'ama' },
    ]);
    expect(conversations[0]?.messages.map((m) => m.id)).toEqual([fromKofi.id, reply.id]);
    expect(conversations[0]?.unread).toBe(1);
  });
});
