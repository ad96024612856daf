import {
  createContext,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AuthMode } from '@/features/account/components/auth-dialog';
import { clearTokens } from '@/lib/auth/tokens';
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
}

const AuthDialogContext = createContext<AuthDialogApi>({ state: 'closed', open: () => undefined });

export function useAuthDialog() {
  return useContext(AuthDialogContext);
}

/**
 * Holds the login dialog's state (closed, login or register; spec §4); `forcedLogout` (a failed
 * token refresh) opens it. The dialog's code, loaded when it first opens, does the rest: the
 * `dismissed` query parameter and where to go after signing in.
 */
export function AuthDialogProvider({ children }: { children: (inert: boolean) => ReactNode }) {
  const [state, setState] = useState<DialogState>('closed');
  const client = useQueryClient();
  const open = useCallback((mode: AuthMode) => {
    setState(mode);
  }, []);
  const closed = useCallback(() => {
    setState('closed');
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

  const api = useMemo(() => ({ state, open }), [state, open]);
  return (
    <AuthDialogContext value={api}>
      {children(state !== 'closed')}
      {state !== 'closed' && (
        <Suspense fallback={null}>
          <AuthDialog mode={state} onModeChange={setState} onClosed={closed} />
        </Suspense>
      )}
    </AuthDialogContext>
  );
}
