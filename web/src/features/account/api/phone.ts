import { useQuery } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import { setTokens } from '@/lib/auth/tokens';

type CodePurpose = 'signin' | 'verify' | 'reset';

/**
 * `POST /api/auth/phone/code/` — texts a one-time code. The answer is the same whether or not the
 * number has an account; a second request for the same number within a minute is a 429.
 */
export async function requestCode(phone: string, purpose: CodePurpose) {
  await apiRequest('post', '/auth/phone/code/', { body: { phone, purpose }, skipRefresh: true });
}

/** `POST /api/auth/phone/signin/` — signs in (or up) with the texted code and stores the tokens. */
export async function signInByCode(body: { phone: string; code: string; username?: string }) {
  const tokens = await apiRequest('post', '/auth/phone/signin/', { body, skipRefresh: true });
  setTokens(tokens.access, tokens.refresh);
  return tokens.created;
}

/** `POST /api/auth/phone/reset/` — a new password with a reset code texted to the number. */
export async function resetByCode(body: {
  phone: string;
  code: string;
  new_password: string;
  re_new_password: string;
}) {
  await apiRequest('post', '/auth/phone/reset/', { body, skipRefresh: true });
}

/** `POST /api/auth/users/reset_password/` — mails a reset link (always 204). */
export async function requestResetMail(email: string) {
  await apiRequest('post', '/auth/users/reset_password/', { body: { email }, skipRefresh: true });
}

/** `POST /api/auth/phone/verify/` — adds the number to the signed-in account. */
export function verifyPhone(phone: string, code: string) {
  return apiRequest('post', '/auth/phone/verify/', { body: { phone, code } });
}

export type Notices = components['schemas']['Notices'];
export type NoticeKind = keyof Notices;

export const noticesQueryKey = ['notices'] as const;

/** `GET /api/auth/users/me/notifications/` — the channels per kind of notice. */
export function useNotices() {
  return useQuery({
    queryKey: noticesQueryKey,
    queryFn: ({ signal }) => apiGet('/auth/users/me/notifications/', { signal }),
  });
}

/** `PUT /api/auth/users/me/notifications/` — changes one kind's channel; returns every kind. */
export function setNotice(kind: NoticeKind, channel: 'email' | 'sms', on: boolean) {
  return apiRequest('put', '/auth/users/me/notifications/', {
    body: { [kind]: { [channel]: on } },
  });
}
