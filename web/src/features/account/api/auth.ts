import { apiRequest } from '@/lib/api/client';
import { clearTokens, getRefreshToken, setTokens } from '@/lib/auth/tokens';

/**
 * `POST /api/auth/jwt/create/` — signs in and stores both tokens. A 401 here is the answer (wrong
 * credentials), never a reason to refresh: the call skips the client's refresh.
 */
export async function logIn(username: string, password: string) {
  const tokens = await apiRequest('post', '/auth/jwt/create/', {
    body: { username, password },
    skipRefresh: true,
  });
  setTokens(tokens.access, tokens.refresh);
}

/** `POST /api/auth/users/` — registration; the account is active at once. */
export function register(body: {
  email: string;
  username: string;
  password: string;
  re_password: string;
}) {
  return apiRequest('post', '/auth/users/', { body, skipRefresh: true });
}

/**
 * Signs out: the tokens go at once (the shopper is signed out even offline), and the refresh
 * token is revoked on the server (`POST /api/auth/jwt/logout/`) so a copy of it is worthless.
 */
export async function logOut() {
  const refresh = getRefreshToken();
  clearTokens();
  if (refresh) {
    await apiRequest('post', '/auth/jwt/logout/', { body: { refresh }, skipRefresh: true }).catch(
      () => undefined, // already revoked or expired: signed out all the same
    );
  }
}
