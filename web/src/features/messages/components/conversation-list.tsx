import { cx } from '@/lib/cx';
import { Handle } from '@/components/ui/handle';
import { formatDateTime } from '@/lib/dates';
import { useStoreName } from '../api/messages';
import type { Conversation, Counterpart } from '../conversations';

/** The name of a conversation's other side; a store that wrote first is looked up by id. */
export function CounterpartName({ counterpart }: { counterpart: Counterpart }) {
  const unnamedStore = counterpart.kind === 'store' && counterpart.name === null;
  const { data: storeName } = useStoreName(unnamedStore ? counterpart.id : null);
  if (counterpart.kind === 'customer' && counterpart.name)
    return <Handle text={counterpart.name} />;
  return <>{counterpart.name ?? storeName ?? 'A store'}</>;
}

/** The conversations, newest first; unread ones stand out and say how many are unread. */
export function ConversationList({
  conversations,
  selected,
  onSelect,
}: {
  conversations: readonly Conversation[];
  selected: string | null;
  onSelect: (key: string) => void;
}) {
  return (
    <ul
      aria-label="Conversations"
      className="divide-y divide-line rounded-card bg-white shadow-card"
    >
      {conversations.map((c) => (
        <li key={c.key}>
          <button
            type="button"
            aria-current={c.key === selected ? 'true' : undefined}
            onClick={() => {
              onSelect(c.key);
            }}
            className={cx(
              'flex w-full flex-col gap-0.5 p-3 text-left hover:bg-canvas',
              c.unread > 0 && 'bg-brand-50',
              c.key === selected && 'ring-2 ring-brand-700 ring-inset',
            )}
          >
            <span className="flex items-center justify-between gap-2">
              <span className={cx('truncate', c.unread > 0 ? 'font-bold' : 'font-semibold')}>
                <CounterpartName counterpart={c.with} />
              </span>
              {c.unread > 0 && (
                <span className="shrink-0 rounded-pill bg-brand-700 px-2 text-xs font-bold text-white">
                  {c.unread} unread
                </span>
              )}
            </span>
            <span className="truncate text-sm text-muted">{c.latest.content}</span>
            <span className="text-xs text-muted">{formatDateTime(c.latest.timestamp)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
