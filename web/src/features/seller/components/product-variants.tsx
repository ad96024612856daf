import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field, FormMessages } from '@/components/ui/field';
import { saveErrors, type FieldErrors } from '@/components/backoffice/save-errors';
import { optionsLabel, type ProductOption, type ProductVariant } from '@/lib/variants';
import { INVENTORY_INVALID, INVENTORY_MAX, priceError, priceText } from '../price';
import { sellerProductQueryKey, sellerProductsQueryKey } from '../api/products';
import {
  saveOptions,
  saveVariants,
  type SellerProductWithVariants,
  type VariantChange,
} from '../api/variants';

export const MAX_OPTIONS = 3;
export const MAX_VALUES = 20;
export const MAX_COMBINATIONS = 100;
export const OPTIONS_SAVED = 'Options saved. The variants below follow them.';
export const OPTIONS_FAILED = 'Failed to save the options. Please try again.';
export const VARIANTS_SAVED = 'Variants saved.';
export const VARIANTS_FAILED = 'Failed to save the variants. Please try again.';
export const NO_CHANGES = 'Nothing changed: there is nothing to save.';

/**
 * The product's options (Storage, Colour…) and its variants, below the form of a saved product.
 * Loaded as its own chunk: the page's initial JS has no room for it.
 */
export function ProductVariants({ product }: { product: SellerProductWithVariants }) {
  const client = useQueryClient();
  function saved(next: SellerProductWithVariants) {
    client.setQueryData(sellerProductQueryKey(product.id), next);
    void client.invalidateQueries({ queryKey: sellerProductsQueryKey });
  }
  const variants = product.variants ?? [];
  return (
    <>
      <OptionsEditor product={product} onSaved={saved} />
      {variants.length > 0 && (
        <VariantsEditor
          // A new set of variants (options saved) starts the table afresh.
          key={variants.map((v) => v.id).join(',')}
          productId={product.id}
          variants={variants}
          onSaved={saved}
        />
      )}
    </>
  );
}

interface OptionDraft {
  name: string;
  values: string[];
  typing: string;
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function OptionsEditor({
  product,
  onSaved,
}: {
  product: SellerProductWithVariants;
  onSaved: (next: SellerProductWithVariants) => void;
}) {
  const headingId = useId();
  const [drafts, setDrafts] = useState<OptionDraft[]>(() =>
    (product.options ?? []).map((o) => ({ name: o.name, values: [...o.values], typing: '' })),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState('');
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);
  const combinations = drafts.reduce((n, d) => n * Math.max(1, d.values.length), 1);

  function edit(index: number, change: Partial<OptionDraft>) {
    setDrafts((old) => old.map((d, i) => (i === index ? { ...d, ...change } : d)));
    setDone('');
  }

  /** Adds what is typed (commas separate several values); a repeated value is dropped. */
  function addTyped(index: number) {
    const draft = drafts[index];
    if (!draft) return;
    const values = [...draft.values];
    for (const raw of draft.typing.split(',')) {
      const value = raw.trim().slice(0, 30);
      if (value && !values.some((v) => same(v, value)) && values.length < MAX_VALUES) {
        values.push(value);
      }
    }
    edit(index, { values, typing: '' });
  }

  async function save() {
    setFailure('');
    setDone('');
    const options: ProductOption[] = drafts.map((d) => ({
      name: d.name.trim(),
      // A value still in the box counts: sellers expect what they see to be saved.
      values: [
        ...d.values,
        ...d.typing
          .split(',')
          .map((v) => v.trim())
          .filter((v) => v && !d.values.some((w) => same(w, v))),
      ],
    }));
    const local: FieldErrors = {};
    options.forEach((o, i) => {
      if (!o.name) local[`options[${String(i)}].name`] = 'Enter the option name, e.g. Colour.';
      else if (options.some((p, j) => j < i && same(p.name, o.name)))
        local[`options[${String(i)}].name`] = 'Each option needs its own name.';
      if (o.values.length === 0) local[`options[${String(i)}].values`] = 'Add at least one value.';
    });
    setErrors(local);
    if (Object.keys(local).length > 0) {
      setFailure('Please correct the options marked below.');
      return;
    }
    setBusy(true);
    try {
      const next = await saveOptions(product.id, options);
      setDrafts(
        (next.options ?? options).map((o) => ({ ...o, values: [...o.values], typing: '' })),
      );
      onSaved(next);
      setDone(OPTIONS_SAVED);
    } catch (e) {
      const keys = options.flatMap((_, i) => [
        `options[${String(i)}].name`,
        `options[${String(i)}].values`,
      ]);
      const split = saveErrors(e, [...keys, 'options'], OPTIONS_FAILED);
      setErrors(split.fields);
      setFailure(split.fields.options ?? split.form);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={headingId} className="mt-8 rounded-card bg-white p-4 shadow-card">
      <h2 id={headingId} className="text-lg font-bold">
        Options
      </h2>
      <p className="mt-1 text-sm text-muted">
        Up to {MAX_OPTIONS} options, e.g. Storage and Colour, each with its values. Saving makes one
        variant per combination, with its own price, stock and SKU.
      </p>
      <ol className="mt-4 space-y-4">
        {drafts.map((draft, index) => (
          <li key={index} className="space-y-2 rounded-control border border-line p-3">
            <Field
              label={`Option ${String(index + 1)} name`}
              value={draft.name}
              maxLength={30}
              error={errors[`options[${String(index)}].name`]}
              onValueChange={(name) => {
                edit(index, { name });
              }}
            />
            <ValueChips
              option={draft.name.trim() || `option ${String(index + 1)}`}
              values={draft.values}
              typing={draft.typing}
              error={errors[`options[${String(index)}].values`]}
              onTyping={(typing) => {
                edit(index, { typing });
              }}
              onAdd={() => {
                addTyped(index);
              }}
              onRemove={(value) => {
                edit(index, { values: draft.values.filter((v) => v !== value) });
              }}
            />
            <button
              type="button"
              onClick={() => {
                setDrafts((old) => old.filter((_, i) => i !== index));
                setErrors({});
              }}
              className="min-h-tap text-sm font-semibold text-danger-700 underline underline-offset-4"
            >
              Remove option {draft.name.trim() || String(index + 1)}
            </button>
          </li>
        ))}
      </ol>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <Button
          variant="secondary"
          disabled={drafts.length >= MAX_OPTIONS}
          onClick={() => {
            setDrafts((old) => [...old, { name: '', values: [], typing: '' }]);
          }}
        >
          Add option
        </Button>
        <Button disabled={busy || combinations > MAX_COMBINATIONS} onClick={() => void save()}>
          {busy ? 'Saving…' : 'Save options'}
        </Button>
      </div>
      {drafts.length > 0 && (
        <p
          className={
            combinations > MAX_COMBINATIONS ? 'mt-2 text-sm text-danger-700' : 'mt-2 text-sm'
          }
        >
          {combinations} {combinations === 1 ? 'combination' : 'combinations'}
          {combinations > MAX_COMBINATIONS && ` — at most ${String(MAX_COMBINATIONS)}`}
        </p>
      )}
      <div className="mt-2">
        <FormMessages error={failure} success={done} />
      </div>
    </section>
  );
}

/** An option's values as removable chips, and a box to add more (Enter or comma). */
function ValueChips({
  option,
  values,
  typing,
  error,
  onTyping,
  onAdd,
  onRemove,
}: {
  option: string;
  values: string[];
  typing: string;
  error: string | undefined;
  onTyping: (text: string) => void;
  onAdd: () => void;
  onRemove: (value: string) => void;
}) {
  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'Enter' || e.key === ',') {
      e.preventDefault();
      onAdd();
    }
  }
  return (
    <div>
      {values.length > 0 && (
        <ul className="mb-2 flex flex-wrap gap-2" aria-label={`Values of ${option}`}>
          {values.map((value) => (
            <li
              key={value}
              className="inline-flex max-w-full items-center gap-1 rounded-pill bg-brand-50 pl-3 text-sm font-semibold text-brand-800"
            >
              <span className="break-words">{value}</span>
              <button
                type="button"
                aria-label={`Remove ${value}`}
                onClick={() => {
                  onRemove(value);
                }}
                className="inline-flex min-h-tap min-w-tap items-center justify-center rounded-pill hover:bg-brand-100"
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex items-end gap-2">
        <Field
          className="min-w-0 flex-1"
          label={`Add a value to ${option}`}
          hint="Press Enter or type a comma after each value."
          value={typing}
          maxLength={200}
          error={error}
          onValueChange={onTyping}
          onKeyDown={onKeyDown}
        />
        <Button variant="secondary" onClick={onAdd} aria-label={`Add value to ${option}`}>
          Add
        </Button>
      </div>
    </div>
  );
}

interface Row {
  id: number;
  label: string;
  price: string;
  stock: string;
  sku: string;
  active: boolean;
}

function rowOf(v: ProductVariant): Row {
  return {
    id: v.id,
    label: optionsLabel(v.options),
    price: priceText(v.unit_price),
    stock: String(v.inventory),
    sku: v.sku,
    active: v.active,
  };
}

/** The typed stock as a number, or null when it is not a whole number in range. */
function stockOf(text: string): number | null {
  const t = text.trim();
  if (!/^\d+$/.test(t)) return null;
  const n = Number(t);
  return n <= INVENTORY_MAX ? n : null;
}

/** What changed in a row, as the PATCH entry (null: nothing). */
function changeOf(row: Row, was: Row): VariantChange | null {
  const change: VariantChange = { id: row.id };
  if (row.price.trim() !== was.price) change.unit_price = row.price.trim().replace(/,/g, '');
  if (row.stock.trim() !== was.stock) {
    // Against the stock the seller saw: orders taking stock meanwhile make the server refuse
    // (409 stock_changed, saying the stock now) instead of losing their decrements.
    change.inventory = stockOf(row.stock) ?? 0;
    change.expected_inventory = Number(was.stock);
  }
  if (row.sku.trim() !== was.sku) change.sku = row.sku.trim();
  if (row.active !== was.active) change.active = row.active;
  return Object.keys(change).length > 1 ? change : null;
}

function VariantsEditor({
  productId,
  variants,
  onSaved,
}: {
  productId: number;
  variants: ProductVariant[];
  onSaved: (next: SellerProductWithVariants) => void;
}) {
  const headingId = useId();
  const [saved, setSaved] = useState<Row[]>(() => variants.map(rowOf));
  const [rows, setRows] = useState<Row[]>(saved);
  const [allPrice, setAllPrice] = useState('');
  const [allStock, setAllStock] = useState('');
  // Errors by variant id and field, so each shows on its own card.
  const [errors, setErrors] = useState<Record<number, FieldErrors>>({});
  const [helperError, setHelperError] = useState('');
  const [failure, setFailure] = useState('');
  const [done, setDone] = useState('');
  const [busy, setBusy] = useState(false);

  /** After an edit the last save's outcome no longer describes the form ("Nothing changed" least). */
  function touched() {
    setDone('');
    setFailure((f) => (f === NO_CHANGES ? '' : f));
  }

  function edit(id: number, change: Partial<Row>) {
    setRows((old) => old.map((r) => (r.id === id ? { ...r, ...change } : r)));
    touched();
  }

  function setAll(field: 'price' | 'stock') {
    const value = (field === 'price' ? allPrice : allStock).trim();
    const problem =
      field === 'price' ? priceError(value) : stockOf(value) === null ? INVENTORY_INVALID : '';
    setHelperError(problem);
    if (problem) return;
    setRows((old) => old.map((r) => ({ ...r, [field]: value })));
    touched();
  }

  async function save() {
    setFailure('');
    setDone('');
    const local: Record<number, FieldErrors> = {};
    for (const row of rows) {
      const own: FieldErrors = {};
      const p = priceError(row.price);
      if (p) own.unit_price = p;
      if (stockOf(row.stock) === null) own.inventory = INVENTORY_INVALID;
      if (Object.keys(own).length > 0) local[row.id] = own;
    }
    setErrors(local);
    if (Object.keys(local).length > 0) {
      setFailure('Please correct the variants marked below.');
      return;
    }
    const changes = rows.flatMap((row, i) => {
      const was = saved[i];
      const change = was ? changeOf(row, was) : null;
      return change ? [change] : [];
    });
    if (changes.length === 0) {
      setFailure(NO_CHANGES);
      return;
    }
    setBusy(true);
    try {
      const next = await saveVariants(productId, changes);
      const fresh = (next.variants ?? []).map(rowOf);
      setSaved(fresh);
      setRows(fresh);
      onSaved(next);
      setDone(VARIANTS_SAVED);
    } catch (e) {
      // The server keys errors by the entry's place in the body: `variants[2].sku`.
      const keys = changes.flatMap((_, i) =>
        ['unit_price', 'inventory', 'sku', 'active', 'id'].map(
          (f) => `variants[${String(i)}].${f}`,
        ),
      );
      const split = saveErrors(e, keys, VARIANTS_FAILED);
      const byId: Record<number, FieldErrors> = {};
      for (const [key, text] of Object.entries(split.fields)) {
        const m = /^variants\[(\d+)\]\.(\w+)$/.exec(key);
        const id = m ? changes[Number(m[1])]?.id : undefined;
        if (id === undefined || !m?.[2]) continue;
        byId[id] = { ...byId[id], [m[2]]: text };
      }
      setErrors(byId);
      setFailure(split.form);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={headingId} className="mt-8 rounded-card bg-white p-4 shadow-card">
      <h2 id={headingId} className="text-lg font-bold">
        Variants
      </h2>
      <p className="mt-1 text-sm text-muted">
        Change as many as you like, then save them all at once. A switched-off variant is shown to
        shoppers as not available.
      </p>
      <div className="mt-4 grid gap-3 sm:grid-cols-2">
        <div className="flex items-end gap-2">
          <Field
            className="min-w-0 flex-1"
            label="Set all prices (GH₵)"
            inputMode="decimal"
            value={allPrice}
            onValueChange={setAllPrice}
          />
          <Button
            variant="secondary"
            onClick={() => {
              setAll('price');
            }}
          >
            Apply
          </Button>
        </div>
        <div className="flex items-end gap-2">
          <Field
            className="min-w-0 flex-1"
            label="Set all stock"
            inputMode="numeric"
            value={allStock}
            onValueChange={setAllStock}
          />
          <Button
            variant="secondary"
            onClick={() => {
              setAll('stock');
            }}
          >
            Apply
          </Button>
        </div>
      </div>
      {helperError && (
        <p role="alert" className="mt-2 text-sm font-semibold text-danger-700">
          {helperError}
        </p>
      )}
      <ul className="mt-4 grid gap-3 lg:grid-cols-2" aria-label="Variants">
        {rows.map((row) => {
          const own = errors[row.id] ?? {};
          return (
            <li
              key={row.id}
              aria-label={row.label}
              className="space-y-2 rounded-control border border-line p-3"
            >
              <h3 className="font-semibold break-words">{row.label}</h3>
              <div className="grid grid-cols-2 gap-2">
                <Field
                  label={`Price of ${row.label}`}
                  inputMode="decimal"
                  value={row.price}
                  error={own.unit_price}
                  onValueChange={(price) => {
                    edit(row.id, { price });
                  }}
                />
                <Field
                  label={`Stock of ${row.label}`}
                  inputMode="numeric"
                  value={row.stock}
                  error={own.inventory}
                  onValueChange={(stock) => {
                    edit(row.id, { stock });
                  }}
                />
              </div>
              <Field
                label={`SKU of ${row.label}`}
                value={row.sku}
                maxLength={64}
                error={own.sku}
                onValueChange={(sku) => {
                  edit(row.id, { sku });
                }}
              />
              <label className="flex min-h-tap items-center gap-2 font-semibold">
                <input
                  type="checkbox"
                  aria-label={`On sale: ${row.label}`}
                  checked={row.active}
                  onChange={(e) => {
                    edit(row.id, { active: e.target.checked });
                  }}
                  className="size-5"
                />
                On sale
              </label>
              {(own.active ?? own.id) && (
                <p className="text-sm font-semibold text-danger-700">{own.active ?? own.id}</p>
              )}
            </li>
          );
        })}
      </ul>
      <div className="mt-4 space-y-2">
        <Button disabled={busy} onClick={() => void save()}>
          {busy ? 'Saving…' : 'Save variants'}
        </Button>
        <FormMessages error={failure} success={done} />
      </div>
    </section>
  );
}
