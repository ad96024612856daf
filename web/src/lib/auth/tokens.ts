// The session lives in localStorage under the keys `access` and `refresh` (spec §3).
// Storage can throw (privacy modes, disabled storage): treat that as "no token".

export function getAccessToken(): string | null {
  try {
    return window.localStorage.getItem('access');
  } catch {
    return null;
  }
}
