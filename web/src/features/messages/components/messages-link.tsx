import { Link } from 'react-router';
import { Icon } from '@/components/ui/icon';
import { useMessageArrived, useUnreadCount } from '../api/messages';
import { useMessageStream, useStreamLive } from '../api/stream';

/**
 * The header's link to the Message Center, shown to a signed-in user only, with how many received
 * messages are unread, so a shopper learns that a store replied wherever they are. It holds the
 * app's live stream: a message that arrives updates the count at once (the 10-second poll stands
 * in while the stream is down).
 */
export default function MessagesLink() {
  useMessageStream(useMessageArrived());
  const unread = useUnreadCount(!useStreamLive()).data ?? 0;
  return (
    <Link
      to="/messages"
      className="relative inline-flex min-h-tap items-center gap-1 rounded-control px-2 font-semibold hover:text-gold-400"
    >
      <Icon>
        <path d="M4 6h16v12H4z" />
        <path d="m4 7 8 6 8-6" />
      </Icon>
      <span className="sr-only lg:not-sr-only">Messages</span>{' '}
      {unread > 0 && (
        <span className="inline-flex min-w-6 items-center justify-center rounded-pill bg-gold-400 px-1.5 text-sm font-bold text-ink">
          {/* The name reads "Messages 2 unread": the visible words, in order (WCAG 2.5.3). */}
          {unread} <span className="sr-only">unread</span>
        </span>
      )}
    </Link>
  );
}
