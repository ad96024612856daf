import { useSyncExternalStore } from 'react';
import { getAccessToken, subscribeTokens } from './tokens';

/**
 * Whether a session is stored; re-renders on sign-in and sign-out (in any tab), not when a
 * refresh replaces the token (the header holds it).
 */
export function useSignedIn(): boolean {
  return useSyncExternalStore(subscribeTokens, signedIn, () => false);
}

function signedIn(): boolean {
  return getAccessToken() !== null;
}

/** The stored access token; re-renders whenever it changes (a refresh included). */
export function useAccessToken(): string | null {
  return useSyncExternalStore(subscribeTokens, getAccessToken, () => null);
}
