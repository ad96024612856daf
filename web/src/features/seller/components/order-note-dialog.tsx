import { useId, useState, type SubmitEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormMessages, TextAreaField } from '@/components/ui/field';
import { problemText } from '@/lib/api/problem';
import type { SellerOrder } from '../api/types';

/**
 * A step on an order that takes a note (shipping's tracking note, a cancellation's reason): the
 * note is sent trimmed by `save`, whose answer `onDone` receives; closing gives it null. A refusal
 * stays in view, after `failed` and the server's reason. With `required`, a blank note is refused
 * with that text and nothing is sent.
 */
export function OrderNoteDialog({
  title,
  label,
  hint,
  maxLength,
  submit,
  keep,
  failed,
  required,
  save,
  onDone,
}: {
  title: string;
  label: string;
  hint: string;
  maxLength: number;
  submit: string;
  keep: string;
  failed: string;
  required?: string;
  save: (note: string) => Promise<SellerOrder>;
  onDone: (saved: SellerOrder | null) => void;
}) {
  const headingId = useId();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (required && note.trim() === '') {
      setError(required);
      return;
    }
    setBusy(true);
    setError('');
    try {
      onDone(await save(note.trim()));
    } catch (e) {
      const why = problemText(e);
      setError(why ? `${failed} ${why}` : failed);
      setBusy(false);
    }
  }

  return (
    <Dialog
      labelledBy={headingId}
      onClose={() => {
        if (!busy) onDone(null);
      }}
    >
      <h2 id={headingId} className="pr-10 text-xl font-bold">
        {title}
      </h2>
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="mt-4 space-y-4">
        <TextAreaField
          label={label}
          hint={hint}
          value={note}
          onValueChange={setNote}
          maxLength={maxLength}
          rows={3}
        />
        <FormMessages error={error} />
        <div className="flex flex-wrap justify-end gap-3">
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => {
              onDone(null);
            }}
          >
            {keep}
          </Button>
          <Button type="submit" aria-disabled={busy}>
            {busy ? 'Saving…' : submit}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
