import { useQueryClient } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { LoadError } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormMessages } from '@/components/ui/field';
import { Loading } from '@/components/ui/loading';
import { problemText } from '@/lib/api/problem';
import {
  addressErrors,
  addressesQueryKey,
  createAddress,
  deleteAddress,
  updateAddress,
  useAddresses,
  type Address,
} from '../api/addresses';
import {
  AddressFieldset,
  checkDraft,
  draftFields,
  emptyDraft,
  toDraft,
  type AddressDraft,
  type AddressFieldErrors,
} from './address-fields';
import { SavedAddress } from './delivery-picker';

const FAILED = 'Could not save your changes. Please try again.';

/**
 * The account's address book (decision 0023): each saved address with Edit, Delete and "Make
 * default", and "Add an address" while there is room.
 */
export function AddressBook() {
  const client = useQueryClient();
  const { data, isPending, isError, refetch } = useAddresses();
  // null: no form open; 'new': adding; a number: editing that address.
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function run(work: () => Promise<unknown>) {
    setBusy(true);
    setError('');
    try {
      await work();
      await client.invalidateQueries({ queryKey: addressesQueryKey });
    } catch (e) {
      setError(problemText(e) ?? FAILED);
    } finally {
      setBusy(false);
    }
  }

  let content;
  if (isPending) {
    content = <Loading>Loading your addresses…</Loading>;
  } else if (isError) {
    content = <LoadError text="Error fetching your addresses!" onRetry={() => void refetch()} />;
  } else {
    const book = data.results;
    content = (
      <>
        {book.length === 0 && editing !== 'new' && <p>No saved addresses yet.</p>}
        <ul className="space-y-3">
          {book.map((a) =>
            editing === a.id ? (
              <li key={a.id}>
                <AddressEditor
                  address={a}
                  onDone={() => {
                    setEditing(null);
                  }}
                />
              </li>
            ) : (
              <li
                key={a.id}
                aria-label={a.recipient_name}
                className="space-y-2 rounded-control border border-line p-3"
              >
                <SavedAddress address={a} />
                <div className="flex flex-wrap gap-2">
                  <Button
                    variant="secondary"
                    disabled={busy}
                    onClick={() => {
                      setEditing(a.id);
                    }}
                  >
                    Edit
                  </Button>
                  {!a.is_default && (
                    <Button
                      variant="secondary"
                      disabled={busy}
                      onClick={() => void run(() => updateAddress(a.id, { is_default: true }))}
                    >
                      Make default
                    </Button>
                  )}
                  <Button
                    variant="secondary"
                    disabled={busy}
                    onClick={() => void run(() => deleteAddress(a.id))}
                  >
                    Delete
                  </Button>
                </div>
              </li>
            ),
          )}
        </ul>
        {editing === 'new' ? (
          <AddressEditor
            onDone={() => {
              setEditing(null);
            }}
          />
        ) : book.length < data.max ? (
          <Button
            onClick={() => {
              setEditing('new');
            }}
          >
            Add an address
          </Button>
        ) : (
          <p className="text-sm text-muted">
            Your address book is full ({data.max}). Delete one to add another.
          </p>
        )}
        <FormMessages error={error} />
      </>
    );
  }
  return (
    <section
      aria-labelledby="address-book"
      className="space-y-3 rounded-card bg-white p-4 shadow-card"
    >
      <h2 id="address-book" className="text-xl font-bold">
        Delivery addresses
      </h2>
      {content}
    </section>
  );
}

/** The form of a new address, or of `address`; `onDone` when saved or cancelled. */
export function AddressEditor({ address, onDone }: { address?: Address; onDone: () => void }) {
  const client = useQueryClient();
  const [draft, setDraft] = useState<AddressDraft>(address ? toDraft(address) : emptyDraft);
  const [errors, setErrors] = useState<AddressFieldErrors>({});
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = checkDraft(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setError('Please complete the address.');
      return;
    }
    setBusy(true);
    setError('');
    try {
      const fields = draftFields(draft);
      await (address ? updateAddress(address.id, fields) : createAddress(fields));
      await client.invalidateQueries({ queryKey: addressesQueryKey });
      onDone();
    } catch (e) {
      setErrors(addressErrors(e));
      setError(problemText(e) ?? FAILED);
      setBusy(false);
    }
  }

  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      aria-label={address ? 'Edit address' : 'New address'}
      className="space-y-3 rounded-control border border-line p-3"
    >
      <AddressFieldset
        value={draft}
        errors={errors}
        onChange={(next) => {
          setDraft(next);
          setError('');
        }}
      />
      <FormMessages error={error} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving…' : 'Save address'}
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
