import { useSyncExternalStore } from 'react';
import { getAccessToken, subscribeTokens } from './tokens';

/** Whether a session is stored; re-renders on sign-in and sign-out (in any tab). */
export function useSignedIn(): boolean {
  return useAccessToken() !== null;
}

/** The stored access token; re-renders whenever it changes (a refresh included). */
export function useAccessToken(): string | null {
  return useSyncExternalStore(subscribeTokens, getAccessToken, () => null);
}
