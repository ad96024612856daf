import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type ReactNode,
  type SubmitEvent,
} from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, FormMessages } from '@/components/ui/field';
import { takeNextPath } from '@/lib/auth/tokens';
import { formText } from '@/lib/form';
import { logIn, register } from '../api/auth';
import {
  loginErrorMessage,
  registerErrorMessage,
  validateRegistration,
  type Registration,
} from '../api/messages';
import { PhoneSignInForm, ResetForm } from './phone-forms';

export type AuthMode = 'login' | 'register';

// Spec §9: how long the success texts stay before the dialog moves on.
export const LOGIN_SUCCESS_MS = 1000;
export const REGISTER_SUCCESS_MS = 2000;

/** The query parameter that records a dismissed dialog (spec §4). */
export const DISMISSED = 'dismissed';

interface Props {
  mode: AuthMode;
  onModeChange: (mode: AuthMode) => void;
  /** The dialog is done: the holder of its state sets it to closed. */
  onClosed: () => void;
  /**
   * The shopper has signed in; true when this finished what they were doing on the page (the
   * dialog then stays on it instead of moving on).
   */
  onSignedIn?: () => boolean;
}

/**
 * The login and register dialog (spec §2, §4). Loaded on demand: most visits never open it.
 * Opening removes the `dismissed` query parameter; closing sets it to true, so a login-needed
 * page does not open the dialog again by itself. After signing in the shopper goes to the saved
 * `next` path, or back one step.
 */
export default function AuthDialog({ mode, onModeChange, onClosed, onSignedIn }: Props) {
  const headingId = useId();
  // How the shopper logs in: a password, a code by SMS, or a password reset (decision 0018).
  const [loginBy, setLoginBy] = useState<'password' | 'phone' | 'reset'>('password');
  const navigate = useNavigate();
  const location = useLocation();
  const locationRef = useRef(location);
  useEffect(() => {
    locationRef.current = location;
  });

  const setDismissed = useCallback(
    (dismissed: boolean) => {
      const { pathname, search, hash } = locationRef.current;
      const state: unknown = locationRef.current.state;
      const params = new URLSearchParams(search);
      if (dismissed) params.set(DISMISSED, 'true');
      else if (params.has(DISMISSED)) params.delete(DISMISSED);
      else return;
      const query = params.toString();
      void navigate(
        { pathname, search: query ? `?${query}` : '', hash },
        { replace: true, preventScrollReset: true, state },
      );
    },
    [navigate],
  );

  useEffect(() => {
    setDismissed(false);
  }, [setDismissed]);

  const onClose = () => {
    onClosed();
    setDismissed(true);
  };

  const onLoggedIn = () => {
    onClosed();
    const next = takeNextPath();
    if (onSignedIn?.()) return;
    if (next) {
      void navigate(next);
    } else if ((window.history.state as { idx?: number } | null)?.idx) {
      // Back one step (spec §4) — only within the shop: a first page has nowhere to go back to.
      void navigate(-1);
    }
  };
  return (
    <Dialog labelledBy={headingId} onClose={onClose}>
      {mode === 'login' && loginBy === 'phone' ? (
        <PhoneSignInForm
          headingId={headingId}
          onPassword={() => {
            setLoginBy('password');
          }}
          onLoggedIn={onLoggedIn}
        />
      ) : mode === 'login' && loginBy === 'reset' ? (
        <ResetForm
          headingId={headingId}
          onLogin={() => {
            setLoginBy('password');
          }}
          onClose={onClose}
        />
      ) : mode === 'login' ? (
        <LoginForm
          headingId={headingId}
          onRegister={() => {
            onModeChange('register');
          }}
          onPhone={() => {
            setLoginBy('phone');
          }}
          onReset={() => {
            setLoginBy('reset');
          }}
          onLoggedIn={onLoggedIn}
        />
      ) : (
        <RegisterForm
          headingId={headingId}
          onLogin={() => {
            onModeChange('login');
          }}
        />
      )}
    </Dialog>
  );
}

/** Runs `then` once, `ms` after `armed` turns true; cancelled if the dialog goes away first. */
function useAfter(armed: boolean, ms: number, then: () => void) {
  const thenRef = useRef(then);
  useEffect(() => {
    thenRef.current = then;
  });
  useEffect(() => {
    if (!armed) return;
    const timer = window.setTimeout(() => {
      thenRef.current();
    }, ms);
    return () => {
      window.clearTimeout(timer);
    };
  }, [armed, ms]);
}

function LoginForm({
  headingId,
  onRegister,
  onPhone,
  onReset,
  onLoggedIn,
}: {
  headingId: string;
  onRegister: () => void;
  onPhone: () => void;
  onReset: () => void;
  onLoggedIn: () => void;
}) {
  const [state, setState] = useState<'idle' | 'busy' | 'done'>('idle');
  const [error, setError] = useState('');
  useAfter(state === 'done', LOGIN_SUCCESS_MS, onLoggedIn);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setState('busy');
    setError('');
    try {
      // Spec §5: no client-side validation for login; the server's answer is shown.
      await logIn(formText(data, 'username'), formText(data, 'password'));
      setState('done');
    } catch (e) {
      setError(loginErrorMessage(e));
      setState('idle');
    }
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
      <h2 id={headingId} className="pr-10 text-2xl font-bold">
        Welcome Back!
      </h2>
      <Field label="Username" name="username" autoComplete="username" />
      <Field label="Password" name="password" type="password" autoComplete="current-password" />
      <FormMessages error={error} success={state === 'done' ? 'Login Successful!' : ''} />
      {/* aria-disabled, not disabled: the button keeps the focus, so it stays in the dialog. */}
      <Button type="submit" className="w-full" aria-disabled={state !== 'idle'}>
        {state === 'busy' ? 'Logging in…' : 'Login'}
      </Button>
      <SwitchButton onClick={onPhone}>Log in with your phone number</SwitchButton>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <SwitchButton onClick={onReset}>Forgot Password?</SwitchButton>
        <span>
          No account yet? <SwitchButton onClick={onRegister}>Register</SwitchButton>
        </span>
      </div>
    </form>
  );
}

const emptyRegistration: Registration = { email: '', username: '', password: '', re_password: '' };

function RegisterForm({ headingId, onLogin }: { headingId: string; onLogin: () => void }) {
  const [form, setForm] = useState(emptyRegistration);
  const [state, setState] = useState<'idle' | 'busy' | 'done'>('idle');
  const [error, setError] = useState('');
  useAfter(state === 'done', REGISTER_SUCCESS_MS, onLogin);

  const bind = (name: keyof Registration) => ({
    name,
    value: form[name],
    onValueChange: (value: string) => {
      setForm((f) => ({ ...f, [name]: value }));
    },
  });

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const invalid = validateRegistration(form);
    if (invalid) {
      setError(invalid);
      return;
    }
    setState('busy');
    setError('');
    try {
      await register({ ...form, email: form.email.trim(), username: form.username.trim() });
      setState('done');
    } catch (e) {
      setError(registerErrorMessage(e));
      setState('idle');
    }
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
      <h2 id={headingId} className="pr-10 text-2xl font-bold">
        Create an Account
      </h2>
      <Field label="Email" type="email" autoComplete="email" {...bind('email')} />
      <Field label="Username" autoComplete="username" {...bind('username')} />
      <Field label="Password" type="password" autoComplete="new-password" {...bind('password')} />
      <Field
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        {...bind('re_password')}
      />
      <FormMessages
        error={error}
        success={state === 'done' ? 'Thank You for joining us... To the Login Page!' : ''}
      />
      {/* aria-disabled, not disabled: the button keeps the focus, so it stays in the dialog. */}
      <Button type="submit" className="w-full" aria-disabled={state !== 'idle'}>
        {state === 'busy' ? 'Registering…' : 'Register'}
      </Button>
      <p className="text-sm">
        Already have an account? <SwitchButton onClick={onLogin}>Login</SwitchButton>
      </p>
    </form>
  );
}

function SwitchButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="inline-flex min-h-tap items-center font-semibold text-brand-700 underline underline-offset-4"
    >
      {children}
    </button>
  );
}
