import { useId, useState, type SubmitEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { Field, FormMessages, TextAreaField } from '@/components/ui/field';
import { problemText } from '@/lib/api/problem';
import { useDebounced } from '@/lib/use-debounced';
import { findStores, sendMessage, useMessageArrived, type Me, type Message } from '../api/messages';
import { MAX_CONTENT, SEND_FAILED } from './thread';

export const FIELDS_REQUIRED = 'Please fill in the recipient and the message.';
export const NO_SUCH_STORE = 'Store with the given name does not exist.';
export const BAD_CUSTOMER_ID = 'Please enter a valid numeric Customer ID for the recipient.';
const SUGGEST_DELAY_MS = 100;

/**
 * A new conversation (spec §5, §6): a shopper writes to a store picked by name (suggestions as
 * they type; the first match of the store search is used); a store owner writes to a customer
 * by numeric customer id. `onSent` gets the message, so its conversation can open.
 */
export function Compose({ me, onSent }: { me: Me; onSent: (message: Message) => void }) {
  const owner = me.store !== null;
  const arrived = useMessageArrived();
  const [recipient, setRecipient] = useState('');
  const [content, setContent] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const suggestions = useStoreSuggestions(owner ? '' : recipient);
  const listId = useId();

  /** A field's new value; what was said about the old values no longer holds. */
  function edit(set: (value: string) => void) {
    return (value: string) => {
      set(value);
      setError('');
    };
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const to = recipient.trim();
    if (to === '' || content.trim() === '') {
      setError(FIELDS_REQUIRED);
      return;
    }
    if (owner && !/^\d+$/.test(to)) {
      setError(BAD_CUSTOMER_ID);
      return;
    }
    setBusy(true);
    setError('');
    try {
      let message: Message;
      if (owner) {
        message = await sendMessage(content.trim(), { receiver_user: Number(to) });
      } else {
        const [store] = await findStores(to);
        if (!store) {
          setError(NO_SUCH_STORE);
          setBusy(false);
          return;
        }
        message = await sendMessage(content.trim(), { receiver_store: store.id });
      }
      arrived(message);
      setRecipient('');
      setContent('');
      onSent(message);
    } catch (e) {
      const why = problemText(e);
      setError(why ? `${SEND_FAILED} ${why}` : SEND_FAILED);
    }
    setBusy(false);
  }

  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      aria-labelledby={`${listId}-heading`}
      className="space-y-3 rounded-card bg-white p-4 shadow-card"
    >
      <h2 id={`${listId}-heading`} className="text-xl font-bold">
        New Message
      </h2>
      {owner ? (
        <Field
          label="Customer ID"
          hint="The number shown in a customer's conversation."
          inputMode="numeric"
          required
          value={recipient}
          onValueChange={edit(setRecipient)}
        />
      ) : (
        <>
          <Field
            label="Store name"
            list={listId}
            autoComplete="off"
            required
            value={recipient}
            onValueChange={edit(setRecipient)}
          />
          <datalist id={listId}>
            {suggestions.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
        </>
      )}
      <TextAreaField
        label="Message"
        rows={4}
        maxLength={MAX_CONTENT}
        required
        value={content}
        onValueChange={edit(setContent)}
      />
      <FormMessages error={error} />
      <Button type="submit" disabled={busy}>
        {busy ? 'Sending…' : 'Send Message'}
      </Button>
    </form>
  );
}

/** Store names containing the typed text, asked for after a pause in typing. */
function useStoreSuggestions(text: string): string[] {
  const term = useDebounced(text.trim(), SUGGEST_DELAY_MS);
  const { data } = useQuery({
    queryKey: ['stores', 'search', term],
    queryFn: ({ signal }) => findStores(term, signal),
    enabled: term !== '',
  });
  return term === '' ? [] : (data ?? []).slice(0, 5).map((store) => store.name);
}
