import { useState } from 'react';
import { Field } from '@/components/ui/field';
import { phoneErrorMessage } from '../api/messages';

/**
 * One phone-code step at a time (send a code, sign in, reset, verify): `run` refuses a second
 * while the first is under way and shows a failure in the words of `phoneErrorMessage`. What a
 * step achieved is its own to say (`setSuccess`); a failure leaves the last success line standing.
 */
export function usePhoneStep() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [success, setSuccess] = useState('');

  async function run(work: () => Promise<void>) {
    if (busy) return;
    setBusy(true);
    setError('');
    try {
      await work();
    } catch (e) {
      setError(phoneErrorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  return { busy, error, setError, success, setSuccess, run };
}

/** A Ghanaian mobile number, typed with the phone keypad and filled from the device's own. */
export function PhoneField({
  label = 'Phone number',
  name,
  hint,
  value,
  onValueChange,
}: {
  label?: string;
  name?: string;
  hint: string;
  value: string;
  onValueChange: (value: string) => void;
}) {
  return (
    <Field
      label={label}
      name={name}
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      hint={hint}
      value={value}
      onValueChange={onValueChange}
    />
  );
}

/** The six-digit code of an SMS, which the phone can offer to fill in. */
export function SmsCodeField({
  name,
  value,
  onValueChange,
}: {
  name?: string;
  value: string;
  onValueChange: (value: string) => void;
}) {
  return (
    <Field
      label="Code from the SMS"
      name={name}
      inputMode="numeric"
      autoComplete="one-time-code"
      value={value}
      onValueChange={onValueChange}
    />
  );
}
