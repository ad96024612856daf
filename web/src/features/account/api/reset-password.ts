import { apiRequest } from '@/lib/api/client';

/** `POST /api/auth/users/reset_password_confirm/` — sets a new password with the e-mailed token. */
export async function confirmPasswordReset(body: {
  uid: string;
  token: string;
  new_password: string;
  re_new_password: string;
}) {
  await apiRequest('post', '/auth/users/reset_password_confirm/', { body, skipRefresh: true });
}
