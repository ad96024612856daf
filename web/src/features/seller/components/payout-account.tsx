import { useQueryClient } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field, FormMessages, SelectField } from '@/components/ui/field';
import { useFormSave } from '@/components/backoffice/use-form-save';
import { formatDateTime } from '@/lib/dates';
import {
  sellerPayoutsQueryKey,
  setPayoutAccount,
  usePayoutBanks,
  type AccountType,
  type PayoutAccount,
} from '../api/payouts';

export const ACCOUNT_FAILED = 'Failed to verify the account.';
export const BANKS_FAILED = 'Failed to load the list of networks and banks. Please try again.';

const FIELDS = ['type', 'bank_code', 'account_number'] as const;

/**
 * Where payouts go: the registered account with the name the provider found for it, or the form
 * to register one. Saving verifies the account with the provider first, so the name shown is the
 * one on the wallet or bank account — the seller checks it is theirs.
 */
export function PayoutAccountSection({ account }: { account: PayoutAccount | null }) {
  const [editing, setEditing] = useState(false);
  const [verified, setVerified] = useState('');
  return (
    <section
      aria-labelledby="account-heading"
      className="mt-8 rounded-card bg-white p-4 shadow-card sm:p-6"
    >
      <h2 id="account-heading" className="mb-3 text-xl font-bold">
        Payout account
      </h2>
      {account && !editing ? (
        <>
          <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
            <dt className="font-semibold">Name on the account</dt>
            <dd className="break-words">{account.account_name}</dd>
            <dt className="font-semibold">
              {account.type === 'mobile_money' ? 'Mobile money wallet' : 'Bank account'}
            </dt>
            <dd className="break-words">
              {account.bank_name} · {account.account_number}
            </dd>
            <dt className="font-semibold">Verified</dt>
            <dd>{formatDateTime(account.verified_at)}</dd>
          </dl>
          <p role="status" className="mt-3 font-semibold text-brand-700 empty:hidden">
            {verified}
          </p>
          <p className="mt-2 text-sm text-muted">
            Not your name? Change the account before you ask for a payout.
          </p>
          <Button
            variant="secondary"
            className="mt-3 w-full sm:w-auto"
            onClick={() => {
              setVerified('');
              setEditing(true);
            }}
          >
            Change account
          </Button>
        </>
      ) : (
        <AccountForm
          current={account}
          onSaved={(saved) => {
            setVerified(
              `Verified: the account is in the name of ${saved.account_name}. Payouts go there from now on.`,
            );
            setEditing(false);
          }}
          onCancel={
            account
              ? () => {
                  setEditing(false);
                }
              : undefined
          }
        />
      )}
    </section>
  );
}

function AccountForm({
  current,
  onSaved,
  onCancel,
}: {
  current: PayoutAccount | null;
  onSaved: (saved: PayoutAccount) => void;
  onCancel: (() => void) | undefined;
}) {
  const client = useQueryClient();
  const [type, setType] = useState<AccountType>(current?.type ?? 'mobile_money');
  const [bank, setBank] = useState(current?.bank_code ?? '');
  const [number, setNumber] = useState('');
  const banks = usePayoutBanks(type);
  const { form, busy, errors, formError, refuse, save } = useFormSave(FIELDS, ACCOUNT_FAILED);
  const wallet = type === 'mobile_money';

  async function onSubmit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const body = { type, bank_code: bank, account_number: number.trim() };
    const missing: Partial<Record<(typeof FIELDS)[number], string>> = {};
    if (body.bank_code === '')
      missing.bank_code = wallet ? 'Choose the network.' : 'Choose the bank.';
    if (body.account_number === '') {
      missing.account_number = wallet ? 'Enter the wallet number.' : 'Enter the account number.';
    }
    if (Object.keys(missing).length > 0) {
      refuse(missing);
      return;
    }
    await save(
      () => setPayoutAccount(body),
      (saved) => {
        client.setQueryData(
          [...sellerPayoutsQueryKey, 'balance'],
          (old: { account: PayoutAccount | null } | undefined) =>
            old ? { ...old, account: saved } : old,
        );
        void client.invalidateQueries({ queryKey: sellerPayoutsQueryKey });
        onSaved(saved);
        return '';
      },
    );
  }

  return (
    <form
      ref={form}
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      aria-label="Payout account"
      className="grid gap-3 sm:grid-cols-2"
    >
      <p className="text-sm text-muted sm:col-span-2">
        Dwa checks the account with the provider and shows you the name registered to it.
      </p>
      <SelectField
        label="Account type"
        value={type}
        onValueChange={(v) => {
          setType(v as AccountType);
          setBank('');
        }}
        error={errors.type}
      >
        <option value="mobile_money">Mobile money wallet</option>
        <option value="bank">Ghana bank account</option>
      </SelectField>
      <SelectField
        label={wallet ? 'Network' : 'Bank'}
        value={bank}
        onValueChange={setBank}
        disabled={banks.isPending}
        error={errors.bank_code ?? (banks.isError ? BANKS_FAILED : undefined)}
      >
        <option value="">{wallet ? 'Choose the network' : 'Choose the bank'}</option>
        {banks.data?.map((b) => (
          <option key={b.code} value={b.code}>
            {b.name}
          </option>
        ))}
      </SelectField>
      <Field
        label={wallet ? 'Wallet number' : 'Account number'}
        hint={wallet ? 'The mobile number of the wallet, like 024 123 4567.' : undefined}
        inputMode={wallet ? 'tel' : 'numeric'}
        autoComplete="off"
        maxLength={40}
        value={number}
        onValueChange={setNumber}
        error={errors.account_number}
        className="sm:col-span-2"
      />
      <div className="sm:col-span-2">
        <FormMessages error={formError} />
        <div className="mt-2 flex flex-wrap gap-3">
          <Button type="submit" aria-disabled={busy} className="w-full sm:w-auto">
            {busy ? 'Verifying…' : 'Verify and save'}
          </Button>
          {onCancel && (
            <Button variant="secondary" onClick={onCancel} className="w-full sm:w-auto">
              Keep the current account
            </Button>
          )}
        </div>
      </div>
    </form>
  );
}
