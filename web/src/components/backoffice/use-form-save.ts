import { useEffect, useRef, useState } from 'react';
import { CHECK_FIELDS, saveErrors, type FieldErrors } from './save-errors';

/**
 * A back-office form's save: one at a time, the server's field errors under the form's `fields`
 * and the rest (or `fallback`) in one line, the success line, and after each failure the focus on
 * the first field marked invalid. Attach `form` to the form element.
 */
export function useFormSave(fields: readonly string[], fallback: string, initialSuccess = '') {
  const form = useRef<HTMLFormElement>(null);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState('');
  const [success, setSuccess] = useState(initialSuccess);
  const [failures, setFailures] = useState(0);

  useEffect(() => {
    if (failures > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [failures]);

  function fail(found: FieldErrors, message: string) {
    setErrors(found);
    setFormError(message);
    setSuccess('');
    setFailures((n) => n + 1);
  }

  /** Refuses to send: the problems found before sending go under their fields. */
  function refuse(found: FieldErrors) {
    fail(found, CHECK_FIELDS);
  }

  /** Sends the change; `onSaved` gets the answer and returns the success line ('' for none). */
  async function save<T>(change: () => Promise<T>, onSaved: (saved: T) => string) {
    if (busy) return;
    setBusy(true);
    setErrors({});
    setFormError('');
    setSuccess('');
    try {
      setSuccess(onSaved(await change()));
    } catch (e) {
      const found = saveErrors(e, fields, fallback);
      fail(found.fields, found.form);
    } finally {
      setBusy(false);
    }
  }

  return { form, busy, errors, formError, setFormError, success, setSuccess, refuse, save };
}
