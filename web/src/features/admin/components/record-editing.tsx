import type { QueryKey } from '@tanstack/react-query';
import { useId, useState, type ReactNode, type RefObject, type SubmitEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormMessages } from '@/components/ui/field';
import { useAction } from '@/components/backoffice/use-action';

// The pieces of a staff list whose records are added and edited in a dialog and deleted after a
// question (delivery zones, pickup stations).

export const REGION_REQUIRED = 'Choose a region.';

/**
 * The list's state: the record being edited ('new' when adding), the one asked about deleting,
 * and the outcome line of the last change; `refresh` are the queries a deletion makes stale.
 */
export function useRecordEditing<T>(refresh: readonly QueryKey[]) {
  const { busy, failure, done, run, announce } = useAction(refresh);
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  return {
    busy,
    failure,
    done,
    editing,
    deleting,
    add: () => {
      setEditing('new');
    },
    edit: (record: T) => {
      setEditing(record);
    },
    /** Closes the editor; `message` is its success line ('' when cancelled). */
    closeEditor: (message: string) => {
      setEditing(null);
      if (message) announce(message);
    },
    askDelete: (record: T) => {
      setDeleting(record);
    },
    cancelDelete: () => {
      setDeleting(null);
    },
    remove: async (change: () => Promise<unknown>, message: string) => {
      await run(change, message);
      setDeleting(null);
    },
  };
}

/** The list's heading with its Add button beside it. */
export function ListHeading({
  id,
  title,
  addLabel,
  onAdd,
}: {
  id: string;
  title: string;
  addLabel: string;
  onAdd: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h2 id={id} className="text-xl font-bold">
        {title}
      </h2>
      <Button onClick={onAdd}>{addLabel}</Button>
    </div>
  );
}

/** A record's Edit and Delete, named with the record for screen readers. */
export function RowActions({
  name,
  onEdit,
  onDelete,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <div className="flex gap-2">
      <Button variant="secondary" aria-label={`Edit ${name}`} onClick={onEdit}>
        Edit
      </Button>
      <Button variant="secondary" aria-label={`Delete ${name}`} onClick={onDelete}>
        Delete
      </Button>
    </div>
  );
}

/**
 * A dialog holding one record's form: its fields (`children`), the reason a save failed, Cancel
 * and Save. `formRef` is the form save's (it focuses the first field marked invalid).
 */
export function EditorDialog({
  title,
  busy,
  formRef,
  formError,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  busy: boolean;
  formRef: RefObject<HTMLFormElement | null>;
  formError: string;
  onSubmit: () => Promise<void>;
  onClose: () => void;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Dialog
      labelledBy={headingId}
      onClose={() => {
        if (!busy) onClose();
      }}
    >
      <h2 id={headingId} className="mb-4 pr-10 text-xl font-bold break-words">
        {title}
      </h2>
      <form
        ref={formRef}
        aria-labelledby={headingId}
        onSubmit={(event: SubmitEvent<HTMLFormElement>) => {
          event.preventDefault();
          void onSubmit();
        }}
        noValidate
        className="space-y-3"
      >
        {children}
        <FormMessages error={formError} />
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" aria-disabled={busy}>
            {busy ? 'Saving…' : 'Save'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
