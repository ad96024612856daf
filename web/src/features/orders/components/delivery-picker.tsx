import { useId, useState } from 'react';
import { Loading } from '@/components/ui/loading';
import { localPhone } from '@/lib/phone';
import type { Region } from '@/lib/regions';
import { addressLine, useAddresses, type Address, type AddressFields } from '../api/addresses';
import {
  AddressFieldset,
  checkDraft,
  draftFields,
  emptyDraft,
  type AddressDraft,
  type AddressFieldErrors,
} from './address-fields';

/** Where an order goes: a saved address, or a new one typed in place (and maybe saved). */
export type DeliveryChoice =
  { kind: 'saved'; id: number } | { kind: 'new'; draft: AddressDraft; save: boolean };

/** The choice's part of an order's body (decision 0023), or its field errors. */
export function deliveryBody(
  choice: DeliveryChoice,
  full: boolean,
):
  | { ok: true; body: { address_id: number } | { address: AddressFields; save_address: boolean } }
  | { ok: false; errors: AddressFieldErrors } {
  if (choice.kind === 'saved') return { ok: true, body: { address_id: choice.id } };
  if (full) choice = { ...choice, save: false };
  const errors = checkDraft(choice.draft);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, body: { address: draftFields(choice.draft), save_address: choice.save } };
}

/** A new address, its phone the verified one (E.164) when there is one. */
function newDelivery(phone: string | undefined | null, save: boolean): DeliveryChoice {
  return { kind: 'new', draft: { ...emptyDraft, phone: phone ? localPhone(phone) : '' }, save };
}

/** The choice the shopper sees: theirs, else the default address, else a new one. */
function effective(
  choice: DeliveryChoice | null,
  book: Address[],
  phone?: string | null,
): DeliveryChoice {
  if (choice?.kind === 'saved' && !book.some((a) => a.id === choice.id))
    return effective(null, book, phone);
  if (choice) return choice;
  const first = book.find((a) => a.is_default) ?? book[0];
  return first ? { kind: 'saved', id: first.id } : newDelivery(phone, true);
}

/**
 * A checkout's delivery choice over the address book: the default until the shopper picks; a
 * new address starts with the verified `phone`.
 */
export function useDelivery(phone?: string | null) {
  const { data, isPending } = useAddresses();
  const [picked, setPicked] = useState<DeliveryChoice | null>(null);
  const book = data?.results ?? [];
  const full = data ? book.length >= data.max : false;
  return {
    choice: effective(picked, book, phone),
    fresh: newDelivery(phone, !full),
    setChoice: setPicked,
    book,
    full,
    isPending,
  };
}

export type DeliveryState = ReturnType<typeof useDelivery>;

/** Where the chosen address is — its region and town — or null while a new one has no region. */
export function destination({
  choice,
  book,
}: DeliveryState): { region: Region; city: string } | null {
  if (choice.kind === 'saved') {
    const saved = book.find((a) => a.id === choice.id);
    return saved ? { region: saved.region, city: saved.city } : null;
  }
  const { region, city } = choice.draft;
  return region ? { region: region as Region, city: city.trim() } : null;
}

/**
 * Checkout's delivery address: a radio list of the saved addresses (the default chosen) and
 * "A new address", whose fields open in place with "Save it in my address book".
 */
export function DeliveryPicker({
  state,
  onChange,
  errors,
}: {
  state: DeliveryState;
  onChange: (next: DeliveryChoice) => void;
  errors: AddressFieldErrors;
}) {
  const name = useId();
  const { choice, book, full, isPending, fresh } = state;
  if (isPending) return <Loading>Loading your addresses…</Loading>;
  const draft = choice.kind === 'new' ? choice : fresh;
  return (
    <fieldset className="min-w-0 space-y-3">
      <legend className="mb-2 text-lg font-bold">Delivery address</legend>
      {book.length > 0 && (
        <ul className="space-y-2">
          {book.map((a) => (
            <li key={a.id}>
              <label className="flex min-h-tap cursor-pointer items-start gap-3 rounded-control border border-line p-3 has-[:checked]:border-brand-600">
                <input
                  type="radio"
                  name={name}
                  className="mt-1 shrink-0"
                  checked={choice.kind === 'saved' && choice.id === a.id}
                  onChange={() => {
                    onChange({ kind: 'saved', id: a.id });
                  }}
                />
                <SavedAddress address={a} />
              </label>
            </li>
          ))}
          <li>
            <label className="flex min-h-tap cursor-pointer items-center gap-3 rounded-control border border-line p-3 has-[:checked]:border-brand-600">
              <input
                type="radio"
                name={name}
                className="shrink-0"
                checked={choice.kind === 'new'}
                onChange={() => {
                  onChange(draft);
                }}
              />
              <span className="font-semibold">A new address</span>
            </label>
          </li>
        </ul>
      )}
      {choice.kind === 'new' && (
        <>
          <AddressFieldset
            value={choice.draft}
            errors={errors}
            onChange={(next) => {
              onChange({ ...choice, draft: next });
            }}
          />
          <label className="flex min-h-tap items-center gap-3">
            <input
              type="checkbox"
              checked={choice.save && !full}
              disabled={full}
              onChange={(e) => {
                onChange({ ...choice, save: e.target.checked });
              }}
            />
            <span>
              Save it in my address book
              {full && <span className="block text-sm text-muted">Your address book is full.</span>}
            </span>
          </label>
        </>
      )}
    </fieldset>
  );
}

/** A saved address as a list shows it: name and phone, then where. */
export function SavedAddress({ address }: { address: Address }) {
  return (
    <span className="min-w-0 break-words">
      <span className="block font-semibold">
        {address.recipient_name}
        {address.is_default && (
          <span className="ml-2 text-sm font-normal text-muted">(default)</span>
        )}
      </span>
      <span className="block">{localPhone(address.phone)}</span>
      <span className="block text-muted">{addressLine(address)}</span>
      {address.landmark && (
        <span className="block text-sm text-muted">Near {address.landmark}</span>
      )}
    </span>
  );
}
