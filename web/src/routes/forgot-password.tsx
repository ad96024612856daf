import { useEffect, useState, type SubmitEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Field, TextAreaField } from '@/components/ui/field';
import { PageHeading } from '@/components/ui/page-heading';
import { sendComplaint } from '@/features/support/api/send-complaint';
import { formText } from '@/lib/form';
import { useDocumentTitle } from '@/lib/use-document-title';

/** Spec §9: after a successful request the visitor returns home after 3 seconds. */
export const RETURN_HOME_MS = 3000;

/** Password recovery / complaint (spec §2): e-mail and complaint; no client validation. */
export default function ForgotPasswordPage() {
  useDocumentTitle('Forgot Password');
  const navigate = useNavigate();
  const [state, setState] = useState<'idle' | 'busy' | 'done' | 'failed'>('idle');

  useEffect(() => {
    if (state !== 'done') return;
    const timer = window.setTimeout(() => {
      void navigate('/');
    }, RETURN_HOME_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, [state, navigate]);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setState('busy');
    try {
      await sendComplaint({
        email: formText(data, 'email').trim(),
        complaint: formText(data, 'complaint'),
      });
      setState('done');
    } catch {
      setState('failed');
    }
  }

  return (
    <div className="mx-auto max-w-lg">
      <PageHeading>Forgot Password</PageHeading>
      <p className="-mt-3 mb-6 text-muted">
        Tell us your e-mail address and what went wrong — a forgotten password or any other
        complaint — and we will get back to you.
      </p>
      <form
        onSubmit={(e) => void onSubmit(e)}
        noValidate
        className="space-y-4 rounded-card bg-white p-6 shadow-card"
      >
        <Field label="Email" name="email" type="email" autoComplete="email" />
        <TextAreaField label="Complaint" name="complaint" rows={5} maxLength={5000} />
        {state === 'done' && (
          <p role="status" className="font-semibold text-brand-700">
            Your request has been processed. Please check your email for further details.
          </p>
        )}
        {state === 'failed' && (
          <p role="alert" className="text-danger-700">
            An error occurred. Please try again later.
          </p>
        )}
        <Button type="submit" disabled={state === 'busy' || state === 'done'}>
          {state === 'busy' ? 'Sending…' : 'Submit'}
        </Button>
      </form>
    </div>
  );
}
