import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Field, FormMessages } from '@/components/ui/field';
import { validateNewPassword } from '../api/messages';
import { requestCode, requestResetMail, resetByCode, signInByCode } from '../api/phone';
import { PhoneField, SmsCodeField, usePhoneStep } from './phone-fields';

/** How long the success text stays before the dialog moves on (as LOGIN_SUCCESS_MS). */
const PHONE_SUCCESS_MS = 1000;

const linkButton =
  'inline-flex min-h-tap items-center font-semibold text-brand-700 underline underline-offset-4';

/**
 * Sign in — or sign up — with a phone number (decision 0018): the number, then the six-digit code
 * texted to it. A new number may choose a username; one is made up otherwise.
 */
export function PhoneSignInForm({
  headingId,
  onPassword,
  onLoggedIn,
}: {
  headingId: string;
  onPassword: () => void;
  onLoggedIn: () => void;
}) {
  const [done, setDone] = useState(false);
  const onLoggedInRef = useRef(onLoggedIn);
  useEffect(() => {
    onLoggedInRef.current = onLoggedIn;
  });
  // As after a password login: the success text stays a moment, then the dialog moves on.
  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => {
      onLoggedInRef.current();
    }, PHONE_SUCCESS_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, [done]);
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [username, setUsername] = useState('');
  const [sent, setSent] = useState(false);
  const { busy, error, success, setSuccess, run } = usePhoneStep();

  const sendCode = () =>
    run(async () => {
      await requestCode(phone.trim(), 'signin');
      setSent(true);
      setSuccess('We sent a code by SMS. It works for 5 minutes.');
    });

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!sent) {
      await sendCode();
      return;
    }
    await run(async () => {
      const created = await signInByCode({
        phone: phone.trim(),
        code: code.trim(),
        ...(username.trim() ? { username: username.trim() } : {}),
      });
      setSuccess(created ? 'Welcome to Dwa!' : 'Login Successful!');
      setDone(true);
    });
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
      <h2 id={headingId} className="pr-10 text-2xl font-bold">
        Log in with your phone
      </h2>
      <PhoneField
        name="phone"
        hint="A Ghanaian mobile number, like 024 123 4567. New numbers get an account."
        value={phone}
        onValueChange={setPhone}
      />
      {sent && (
        <>
          <SmsCodeField name="code" value={code} onValueChange={setCode} />
          <Field
            label="Username (new accounts, optional)"
            name="username"
            autoComplete="username"
            value={username}
            onValueChange={setUsername}
          />
        </>
      )}
      <FormMessages error={error} success={success} />
      <Button type="submit" className="w-full" aria-disabled={busy}>
        {sent ? 'Log in' : 'Send code'}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        {sent && (
          <button type="button" className={linkButton} onClick={() => void sendCode()}>
            Send a new code
          </button>
        )}
        <button type="button" className={linkButton} onClick={onPassword}>
          Log in with a password
        </button>
      </div>
    </form>
  );
}

/**
 * "Forgot password?": a reset link by e-mail, or — for an account with a verified number — a code
 * by SMS and a new password here. Other problems still go to the support form.
 */
export function ResetForm({
  headingId,
  onLogin,
  onClose,
}: {
  headingId: string;
  onLogin: () => void;
  onClose: () => void;
}) {
  const [by, setBy] = useState<'email' | 'sms'>('sms');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [repeated, setRepeated] = useState('');
  const [sent, setSent] = useState(false);
  const { busy, error, setError, success, setSuccess, run } = usePhoneStep();

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (by === 'email') {
      await run(async () => {
        await requestResetMail(email.trim());
        setSuccess('If an account has this address, a reset link is on its way.');
      });
      return;
    }
    if (!sent) {
      await run(async () => {
        await requestCode(phone.trim(), 'reset');
        setSent(true);
        setSuccess('If this number is on an account, a code is on its way by SMS.');
      });
      return;
    }
    const invalid = validateNewPassword(password, repeated);
    if (invalid) {
      setError(invalid);
      return;
    }
    await run(async () => {
      await resetByCode({
        phone: phone.trim(),
        code: code.trim(),
        new_password: password,
        re_new_password: repeated,
      });
      setSuccess('Your password is changed. You can log in now.');
      setSent(false);
    });
  }

  const choose = (next: 'email' | 'sms') => {
    setBy(next);
    setError('');
    setSuccess('');
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
      <h2 id={headingId} className="pr-10 text-2xl font-bold">
        Reset your password
      </h2>
      <fieldset className="flex flex-wrap gap-4">
        <legend className="sr-only">Send me</legend>
        <label className="inline-flex min-h-tap items-center gap-2">
          <input
            type="radio"
            name="by"
            checked={by === 'sms'}
            onChange={() => {
              choose('sms');
            }}
          />
          A code by SMS
        </label>
        <label className="inline-flex min-h-tap items-center gap-2">
          <input
            type="radio"
            name="by"
            checked={by === 'email'}
            onChange={() => {
              choose('email');
            }}
          />
          A link by e-mail
        </label>
      </fieldset>
      {by === 'email' ? (
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onValueChange={setEmail}
        />
      ) : (
        <>
          <PhoneField
            name="phone"
            hint="The number verified on your account."
            value={phone}
            onValueChange={setPhone}
          />
          {sent && (
            <>
              <SmsCodeField name="code" value={code} onValueChange={setCode} />
              <Field
                label="New password"
                name="new_password"
                type="password"
                autoComplete="new-password"
                value={password}
                onValueChange={setPassword}
              />
              <Field
                label="Confirm new password"
                name="re_new_password"
                type="password"
                autoComplete="new-password"
                value={repeated}
                onValueChange={setRepeated}
              />
            </>
          )}
        </>
      )}
      <FormMessages error={error} success={success} />
      <Button type="submit" className="w-full" aria-disabled={busy}>
        {by === 'email' ? 'Send link' : sent ? 'Set new password' : 'Send code'}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <button type="button" className={linkButton} onClick={onLogin}>
          Back to login
        </button>
        <Link to="/forgot-password" onClick={onClose} className={linkButton}>
          Other problem? Contact us
        </Link>
      </div>
    </form>
  );
}
