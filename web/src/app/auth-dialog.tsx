import {
  createContext,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AuthMode } from '@/features/account/components/auth-dialog';
import { clearTokens, getAccessToken } from '@/lib/auth/tokens';
import { on } from '@/lib/events';
import { lazyPart } from '@/lib/lazy-part';
import { clearShopperData } from './clear-shopper-data';

// The dialog's code is fetched when it first opens (design.md: dialogs load on demand); a failed
// fetch after a deploy reloads the page once, like a route chunk.
const AuthDialog = lazyPart(() => import('@/features/account/components/auth-dialog'));

type DialogState = 'closed' | AuthMode;

interface AuthDialogApi {
  state: DialogState;
  open: (mode: AuthMode) => void;
  /**
   * Runs `action` at once for a signed-in shopper; a visitor gets the sign-in dialog instead, and
   * the action runs once they have signed in (not if they close the dialog), on the same page.
   */
  whenSignedIn: (action: () => void) => void;
}

const AuthDialogContext = createContext<AuthDialogApi>({
  state: 'closed',
  open: () => undefined,
  whenSignedIn: () => undefined,
});

export function useAuthDialog() {
  return useContext(AuthDialogContext);
}

/**
 * Holds the login dialog's state (closed, login or register; spec §4); `forcedLogout` (a failed
 * token refresh) opens it. The dialog's code, loaded when it first opens, does the rest: the
 * `dismissed` query parameter and where to go after signing in.
 */
export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<DialogState>('closed');
  const client = useQueryClient();
  // The action a visitor asked for, waiting for them to sign in.
  const pending = useRef<(() => void) | null>(null);
  const open = useCallback((mode: AuthMode) => {
    pending.current = null;
    setState(mode);
  }, []);
  const closed = useCallback(() => {
    setState('closed');
  }, []);
  const whenSignedIn = useCallback((action: () => void) => {
    if (getAccessToken() !== null) {
      action();
      return;
    }
    pending.current = action;
    setState('login');
  }, []);
  const signedIn = useCallback(() => {
    const action = pending.current;
    pending.current = null;
    action?.();
    return action !== null;
  }, []);

  useEffect(
    () =>
      on('forcedLogout', () => {
        clearTokens();
        clearShopperData(client);
        open('login');
      }),
    [open, client],
  );

  const api = useMemo(() => ({ state, open, whenSignedIn }), [state, open, whenSignedIn]);
  return (
    <AuthDialogContext value={api}>
      {children}
      {state !== 'closed' && (
        <Suspense fallback={null}>
          <AuthDialog
            mode={state}
            onModeChange={setState}
            onClosed={closed}
            onSignedIn={signedIn}
          />
        </Suspense>
      )}
    </AuthDialogContext>
  );
}
