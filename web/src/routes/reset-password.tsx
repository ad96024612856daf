import { useState, type SubmitEvent } from 'react';
import { useParams } from 'react-router';
import { useAuthDialog } from '@/app/auth-dialog';
import { Button } from '@/components/ui/button';
import { Field, FormMessages } from '@/components/ui/field';
import { PageHeading } from '@/components/ui/page-heading';
import { validateNewPassword } from '@/features/account/api/messages';
import { confirmPasswordReset } from '@/features/account/api/reset-password';
import { problemText } from '@/lib/api/problem';
import { saveNextPath } from '@/lib/auth/tokens';
import { useDocumentTitle } from '@/lib/use-document-title';

export const RESET_DONE = 'Your password has been reset. Please log in with your new password.';
export const RESET_FAILED = 'The password could not be reset. Please try again later.';

/**
 * The link of the password-reset e-mail (contract §2.1): /password/reset/confirm/{uid}/{token}.
 * The new password follows the registration rules (spec §5); once it is set the login dialog opens.
 */
export default function ResetPasswordPage() {
  useDocumentTitle('Reset Password');
  const { uid = '', token = '' } = useParams();
  const { open } = useAuthDialog();
  const [password, setPassword] = useState('');
  const [repeated, setRepeated] = useState('');
  const [state, setState] = useState<'idle' | 'busy' | 'done'>('idle');
  const [error, setError] = useState('');

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state !== 'idle') return;
    const problem = validateNewPassword(password, repeated);
    if (problem) {
      setError(problem);
      return;
    }
    setState('busy');
    setError('');
    try {
      await confirmPasswordReset({
        uid,
        token,
        new_password: password,
        re_new_password: repeated,
      });
      setState('done');
      // Signed in, the shopper goes to the shop, not back to a used reset link.
      saveNextPath('/');
      open('login');
    } catch (e) {
      setError(problemText(e) ?? RESET_FAILED);
      setState('idle');
    }
  }

  return (
    <div className="mx-auto max-w-lg">
      <PageHeading>Reset Password</PageHeading>
      <form
        onSubmit={(e) => void onSubmit(e)}
        noValidate
        aria-label="New password"
        className="space-y-4 rounded-card bg-white p-6 shadow-card"
      >
        <Field
          label="New Password"
          type="password"
          autoComplete="new-password"
          value={password}
          onValueChange={setPassword}
        />
        <Field
          label="Confirm New Password"
          type="password"
          autoComplete="new-password"
          value={repeated}
          onValueChange={setRepeated}
        />
        <FormMessages error={error} success={state === 'done' ? RESET_DONE : ''} />
        {state === 'done' ? (
          <Button
            type="button"
            onClick={() => {
              saveNextPath('/');
              open('login');
            }}
          >
            Log In
          </Button>
        ) : (
          <Button type="submit" disabled={state === 'busy'}>
            {state === 'busy' ? 'Saving…' : 'Set New Password'}
          </Button>
        )}
      </form>
    </div>
  );
}
