import { useQueryClient } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { LoadError } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Handle } from '@/components/ui/handle';
import { FormMessages } from '@/components/ui/field';
import { Loading } from '@/components/ui/loading';
import { PageHeading } from '@/components/ui/page-heading';
import {
  noticesQueryKey,
  requestCode,
  setNotice,
  useNotices,
  verifyPhone,
  type NoticeKind,
} from '@/features/account/api/phone';
import { PhoneField, SmsCodeField, usePhoneStep } from '@/features/account/components/phone-fields';
import { AddressBook } from '@/features/orders/components/address-book';
import { meQueryKey, useMe } from '@/lib/auth/me';
import { localPhone } from '@/lib/phone';
import { useDocumentTitle } from '@/lib/use-document-title';

const ACCOUNT_FAILED = 'Error fetching your account!';

/**
 * The shopper's account: who they are, and their phone number — verified with a code by SMS
 * before it is used for sign-in, checkout and order updates (decision 0018).
 */
export default function AccountPage() {
  useDocumentTitle('Your Account');
  const { data: me, isPending, isError, refetch } = useMe();

  let content;
  if (isPending) {
    content = <Loading>Loading your account…</Loading>;
  } else if (isError) {
    content = <LoadError text={ACCOUNT_FAILED} onRetry={() => void refetch()} />;
  } else {
    content = (
      <div className="space-y-6">
        {/* One column on phones, so a long username or address keeps its words whole. */}
        <dl className="grid grid-cols-1 gap-x-4 rounded-card bg-white p-4 shadow-card sm:grid-cols-[auto_1fr] sm:gap-y-2">
          <dt className="font-semibold">Username</dt>
          <dd className="mb-2 min-w-0 sm:mb-0">
            <Handle text={me.username} />
          </dd>
          <dt className="font-semibold">Email</dt>
          <dd className="mb-2 min-w-0 sm:mb-0">{me.email ? <Handle text={me.email} /> : 'None'}</dd>
          <dt className="font-semibold">Phone</dt>
          <dd>{me.phone ? `${localPhone(me.phone)} (verified)` : 'None yet'}</dd>
        </dl>
        <AddressBook />
        <PhoneVerification hasPhone={me.phone != null} />
        <NoticeChoices hasPhone={me.phone != null} />
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-lg space-y-4">
      <PageHeading>Your Account</PageHeading>
      {content}
    </div>
  );
}

function PhoneVerification({ hasPhone }: { hasPhone: boolean }) {
  const client = useQueryClient();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState(false);
  const { busy, error, success, setSuccess, run } = usePhoneStep();

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    await run(async () => {
      if (!sent) {
        await requestCode(phone.trim(), 'verify');
        setSent(true);
        setSuccess('We sent a code by SMS. It works for 5 minutes.');
        return;
      }
      client.setQueryData(meQueryKey, await verifyPhone(phone.trim(), code.trim()));
      setSent(false);
      setPhone('');
      setCode('');
      setSuccess('Your phone number is verified.');
    });
  }

  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      aria-label="Phone number"
      className="space-y-3 rounded-card bg-white p-4 shadow-card"
    >
      <h2 className="text-lg font-bold">
        {hasPhone ? 'Change your phone number' : 'Add your phone number'}
      </h2>
      <p className="text-sm">
        Log in with a code by SMS, get order updates by SMS, and check out faster.
      </p>
      <PhoneField
        label="Mobile number"
        hint="A Ghanaian mobile number, like 024 123 4567."
        value={phone}
        onValueChange={setPhone}
      />
      {sent && <SmsCodeField value={code} onValueChange={setCode} />}
      <FormMessages error={error} success={success} />
      <Button type="submit" className="w-full" aria-disabled={busy}>
        {sent ? 'Verify' : 'Send code'}
      </Button>
    </form>
  );
}

/** In the server's order (`Notices`): an order's life, then messages. */
const KINDS: { kind: NoticeKind; label: string }[] = [
  { kind: 'placed', label: 'You placed an order' },
  { kind: 'paid', label: 'Your payment arrived' },
  { kind: 'shipped', label: 'A store shipped your order' },
  { kind: 'delivered', label: 'A store delivered your order' },
  { kind: 'refund', label: 'Money was refunded to you' },
  { kind: 'message', label: 'A store sent you a message (at most once an hour per store)' },
];

const NOTICES_FAILED = 'Could not save your choice. Please try again.';

/** Which channel each kind of notice goes by; SMS only ever reaches a verified number. */
function NoticeChoices({ hasPhone }: { hasPhone: boolean }) {
  const client = useQueryClient();
  const { data: notices } = useNotices();
  const [error, setError] = useState('');
  if (!notices) return null;

  async function change(kind: NoticeKind, channel: 'email' | 'sms', on: boolean) {
    setError('');
    try {
      client.setQueryData(noticesQueryKey, await setNotice(kind, channel, on));
    } catch {
      setError(NOTICES_FAILED);
    }
  }

  return (
    <section
      aria-labelledby="notices-heading"
      className="space-y-3 rounded-card bg-white p-4 shadow-card"
    >
      <h2 id="notices-heading" className="text-lg font-bold">
        Notifications
      </h2>
      {!hasPhone && <p className="text-sm">Add a phone number above to get SMS.</p>}
      {KINDS.map(({ kind, label }) => (
        <fieldset key={kind} className="flex flex-wrap items-center gap-x-4">
          <legend className="w-full font-semibold">{label}</legend>
          <label className="inline-flex min-h-tap items-center gap-2">
            <input
              type="checkbox"
              checked={notices[kind].email}
              onChange={(e) => void change(kind, 'email', e.target.checked)}
            />
            E-mail
          </label>
          <label className="inline-flex min-h-tap items-center gap-2">
            <input
              type="checkbox"
              checked={notices[kind].sms}
              onChange={(e) => void change(kind, 'sms', e.target.checked)}
            />
            SMS
          </label>
        </fieldset>
      ))}
      <FormMessages error={error} />
    </section>
  );
}
