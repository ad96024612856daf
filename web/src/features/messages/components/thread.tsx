import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { Link } from 'react-router';
import { Handle } from '@/components/ui/handle';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { FormMessages, TextAreaField } from '@/components/ui/field';
import { problemText } from '@/lib/api/problem';
import { cx } from '@/lib/cx';
import { formatDateTime } from '@/lib/dates';
import {
  markRead,
  messagesQueryKey,
  sendMessage,
  useMessageArrived,
  useStoreName,
  type Me,
  type Message,
  type Recipient,
} from '../api/messages';
import { storePath } from '@/lib/store-path';
import { isReceived, type Conversation, type Counterpart } from '../conversations';
import { CounterpartName } from './conversation-list';

export const MARK_FAILED = 'Failed to mark message as read.';
export const SEND_FAILED = 'Failed to send message.';
export const CONTENT_REQUIRED = 'Please write a message.';
export const MAX_CONTENT = 2000;

function recipientOf(conversation: Conversation): Recipient {
  return conversation.with.kind === 'store'
    ? { receiver_store: conversation.with.id }
    : { receiver_user: conversation.with.id };
}

/**
 * One conversation, oldest message first, with a reply box. Opening it marks the messages it
 * shows as read (spec §4: unread → read by setting is_read), so they stop standing out.
 */
export function Thread({ conversation, me }: { conversation: Conversation; me: Me }) {
  const markError = useMarkRead(conversation, me);
  const list = useRef<HTMLOListElement>(null);
  const count = conversation.messages.length;
  // The newest message is at the bottom: keep it in view as messages arrive.
  useEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [count]);

  return (
    <section
      aria-labelledby="thread-heading"
      className="flex flex-col gap-3 rounded-card bg-white p-3 shadow-card sm:p-4"
    >
      <header>
        <h2 id="thread-heading" className="text-xl font-bold">
          <CounterpartName counterpart={conversation.with} />
        </h2>
        {conversation.with.kind === 'customer' ? (
          <p className="text-sm text-muted">Customer ID: {conversation.with.id}</p>
        ) : (
          <StorePageLink counterpart={conversation.with} />
        )}
      </header>
      {markError && (
        <p role="alert" className="text-sm text-danger-700">
          {markError}
        </p>
      )}
      <ol
        ref={list}
        aria-label="Messages"
        className="flex max-h-[60vh] flex-col gap-2 overflow-y-auto"
      >
        {conversation.messages.map((m) => (
          <Bubble key={m.id} message={m} mine={!isReceived(m, me)} />
        ))}
      </ol>
      <Reply to={recipientOf(conversation)} />
    </section>
  );
}

/**
 * The store's own page. A store that wrote first is named by the store's read that
 * CounterpartName shares; until it answers, the bare id leads there too (the page moves on).
 */
function StorePageLink({ counterpart }: { counterpart: Extract<Counterpart, { kind: 'store' }> }) {
  const { data: storeName } = useStoreName(counterpart.name === null ? counterpart.id : null);
  return (
    <Link
      to={storePath({ id: counterpart.id, name: counterpart.name ?? storeName ?? '' })}
      className="text-sm font-semibold text-brand-700 underline"
    >
      Visit the store
    </Link>
  );
}

function Bubble({ message, mine }: { message: Message; mine: boolean }) {
  return (
    <li
      className={cx(
        'max-w-[85%] rounded-card px-3 py-2',
        mine ? 'self-end bg-brand-700 text-white' : 'self-start bg-canvas',
      )}
    >
      <p className="text-xs font-semibold opacity-90">
        {mine ? 'You' : <Handle text={message.sender} />} · {formatDateTime(message.timestamp)}
      </p>
      <p className="break-words whitespace-pre-line">{message.content}</p>
    </li>
  );
}

function useMarkRead(conversation: Conversation, me: Me): string {
  const client = useQueryClient();
  const [error, setError] = useState('');
  const unreadIds = conversation.messages
    .filter((m) => isReceived(m, me) && !m.is_read)
    .map((m) => m.id)
    .join(',');
  useEffect(() => {
    if (unreadIds === '') return;
    let cancelled = false;
    void Promise.all(unreadIds.split(',').map((id) => markRead(Number(id)))).then(
      (read) => {
        const byId = new Map(read.map((m) => [m.id, m]));
        client.setQueryData<readonly Message[]>(messagesQueryKey, (list) =>
          list?.map((m) => byId.get(m.id) ?? m),
        );
        void client.invalidateQueries({ queryKey: [...messagesQueryKey, 'unread'] });
      },
      () => {
        if (!cancelled) setError(MARK_FAILED);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [unreadIds, client]);
  return error;
}

function Reply({ to }: { to: Recipient }) {
  const arrived = useMessageArrived();
  const [content, setContent] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (content.trim() === '') {
      setError(CONTENT_REQUIRED);
      return;
    }
    setBusy(true);
    setError('');
    try {
      arrived(await sendMessage(content.trim(), to));
      setContent('');
    } catch (e) {
      const why = problemText(e);
      setError(why ? `${SEND_FAILED} ${why}` : SEND_FAILED);
    }
    setBusy(false);
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Reply" className="space-y-2">
      <TextAreaField
        label="Your reply"
        rows={3}
        maxLength={MAX_CONTENT}
        value={content}
        onValueChange={setContent}
      />
      <FormMessages error={error} />
      <Button type="submit" disabled={busy}>
        {busy ? 'Sending…' : 'Send'}
      </Button>
    </form>
  );
}
