import { useSearchParams } from 'react-router';
import { LoadError } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Loading } from '@/components/ui/loading';
import { ListSkeleton } from '@/components/ui/skeleton';
import { useMe, useMessages, useUnreadCount, type Me } from '@/features/messages/api/messages';
import { useStreamLive } from '@/features/messages/api/stream';
import { Compose } from '@/features/messages/components/compose';
import { ConversationList } from '@/features/messages/components/conversation-list';
import { Thread } from '@/features/messages/components/thread';
import {
  conversationKey,
  counterpartOf,
  groupConversations,
} from '@/features/messages/conversations';
import { cx } from '@/lib/cx';
import { useDocumentTitle } from '@/lib/use-document-title';

export const MESSAGES_FAILED = 'Failed to load messages.';

/** The Message Center (spec §2): unread badge, conversations, a thread, and a compose panel. */
export default function MessagesPage() {
  useDocumentTitle('Messages');
  const me = useMe();
  // The header's messages link keeps the live stream open on every page.
  const live = useStreamLive();
  const messages = useMessages(!live);
  const unread = useUnreadCount(!live);

  let content;
  if (me.isPending || messages.isPending) {
    content = (
      <Loading>
        <ListSkeleton />
      </Loading>
    );
  } else if (me.isError || messages.isError) {
    content = (
      <LoadError
        text={MESSAGES_FAILED}
        onRetry={() => {
          void me.refetch();
          void messages.refetch();
        }}
      />
    );
  } else {
    content = <Center me={me.data} messages={messages.data} />;
  }

  return (
    <>
      <div className="mb-6 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Message Center</h1>
        {unread.data !== undefined && unread.data > 0 && (
          <span className="rounded-pill bg-gold-400 px-3 py-0.5 text-sm font-bold text-ink">
            {unread.data} unread
          </span>
        )}
      </div>
      {content}
    </>
  );
}

function Center({ me, messages }: { me: Me; messages: Parameters<typeof groupConversations>[0] }) {
  const [params, setParams] = useSearchParams();
  const conversations = groupConversations(messages, me);
  const selectedKey = params.get('with');
  const selected = conversations.find((c) => c.key === selectedKey) ?? null;
  const select = (key: string | null) => {
    setParams(key ? { with: key } : {});
  };

  return (
    <div className="grid grid-cols-1 items-start gap-4 md:grid-cols-[18rem_minmax(0,1fr)]">
      {/* On a phone the list and the open conversation take turns; side by side from md. */}
      <div className={cx('space-y-3', selected && 'hidden md:block')}>
        {conversations.length === 0 ? (
          <p className="rounded-card bg-white p-4 shadow-card">No messages yet.</p>
        ) : (
          <ConversationList
            conversations={conversations}
            selected={selected?.key ?? null}
            onSelect={select}
          />
        )}
      </div>
      <div className="space-y-4">
        {selected ? (
          <>
            <Button
              variant="secondary"
              className="md:hidden"
              onClick={() => {
                select(null);
              }}
            >
              Back to Conversations
            </Button>
            <Thread key={selected.key} conversation={selected} me={me} />
          </>
        ) : (
          <Compose
            me={me}
            onSent={(message) => {
              select(conversationKey(counterpartOf(message, me)));
            }}
          />
        )}
      </div>
    </div>
  );
}
