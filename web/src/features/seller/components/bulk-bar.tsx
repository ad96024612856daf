import { useId, useState, type SubmitEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, FormMessages, SelectField } from '@/components/ui/field';
import { showToast } from '@/components/ui/toast';
import { problemText } from '@/lib/api/problem';
import { bulkProducts, bulkRefused } from '../api/bulk';
import type { BulkRequest } from '../api/types';

type Form = 'stock' | 'price' | null;

/**
 * The action bar of the products chosen in the list: on phones a bar stuck to the bottom of the
 * screen. Every action is all or nothing; a refusal lists each product that could not take it.
 * `names` gives a product's name for those reasons.
 */
export function BulkBar({
  ids,
  names,
  onDone,
}: {
  ids: readonly number[];
  names: (id: number) => string;
  onDone: () => void;
}) {
  const [form, setForm] = useState<Form>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  /** Sends an action; resolves with the refusal's text, or '' when it was done. */
  async function send(body: Omit<BulkRequest, 'ids'>): Promise<string> {
    try {
      const { changed } = await bulkProducts({ ...body, ids: [...ids] });
      showToast(`Changed ${String(changed)} product${changed === 1 ? '' : 's'}.`);
      onDone();
      return '';
    } catch (e) {
      const refused = bulkRefused(e);
      if (refused)
        return `Nothing was changed. ${refused.products.map((p) => `${names(p.id)}: ${p.message}`).join(' ')}`;
      return problemText(e) ?? 'The change failed. Please try again.';
    }
  }

  async function quick(action: 'activate' | 'deactivate') {
    if (busy) return;
    setBusy(true);
    setError(await send({ action }));
    setBusy(false);
  }

  const count = ids.length;
  return (
    <div
      role="region"
      aria-label="Chosen products"
      className="sticky bottom-0 z-30 -mx-4 mt-4 border-t border-line bg-white px-4 py-3 shadow-raised sm:mx-0 sm:rounded-card"
    >
      <p className="mb-2 font-semibold">
        {count} product{count === 1 ? '' : 's'} chosen
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" aria-disabled={busy} onClick={() => void quick('activate')}>
          Activate
        </Button>
        <Button variant="secondary" aria-disabled={busy} onClick={() => void quick('deactivate')}>
          Deactivate
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            setForm('stock');
          }}
        >
          Stock…
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            setForm('price');
          }}
        >
          Price…
        </Button>
      </div>
      <FormMessages error={error} />
      {form && (
        <ChangeDialog
          kind={form}
          send={send}
          onClose={() => {
            setForm(null);
          }}
        />
      )}
    </div>
  );
}

function ChangeDialog({
  kind,
  send,
  onClose,
}: {
  kind: 'stock' | 'price';
  send: (body: Omit<BulkRequest, 'ids'>) => Promise<string>;
  onClose: () => void;
}) {
  const headingId = useId();
  const [mode, setMode] = useState(kind === 'stock' ? 'set_stock' : 'percent');
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const text = value.trim();
    let body: Omit<BulkRequest, 'ids'>;
    if (kind === 'stock') {
      if (!/^-?\d+$/.test(text)) {
        setError('Enter a whole number of units.');
        return;
      }
      body = { action: mode as 'set_stock' | 'add_stock', stock: Number(text) };
    } else {
      if (text === '') {
        setError(mode === 'percent' ? 'Enter a percent, like -10.' : 'Enter an amount, like 5.00.');
        return;
      }
      body =
        mode === 'percent'
          ? { action: 'change_price', percent: text }
          : { action: 'change_price', amount: text };
    }
    setBusy(true);
    setError('');
    const refused = await send(body);
    if (refused === '') onClose();
    else {
      setError(refused);
      setBusy(false);
    }
  }

  return (
    <Dialog
      labelledBy={headingId}
      onClose={() => {
        if (!busy) onClose();
      }}
    >
      <h2 id={headingId} className="pr-10 text-xl font-bold">
        {kind === 'stock' ? 'Change the stock' : 'Change the price'}
      </h2>
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="mt-4 space-y-4">
        <SelectField label="How" value={mode} onValueChange={setMode}>
          {kind === 'stock' ? (
            <>
              <option value="set_stock">Set the stock to</option>
              <option value="add_stock">Add to the stock (minus to take away)</option>
            </>
          ) : (
            <>
              <option value="percent">By a percent (minus for less)</option>
              <option value="amount">By an amount in GH₵ (minus for less)</option>
            </>
          )}
        </SelectField>
        <Field
          label={kind === 'stock' ? 'Units' : mode === 'percent' ? 'Percent' : 'Amount in GH₵'}
          hint={
            kind === 'price'
              ? 'Rounded to the pesewa. A price stays at least GH₵ 0.01 and below a deal’s price before.'
              : undefined
          }
          inputMode={kind === 'stock' ? 'numeric' : 'decimal'}
          value={value}
          onValueChange={setValue}
        />
        <FormMessages error={error} />
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" aria-disabled={busy} onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" aria-disabled={busy}>
            Change
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
