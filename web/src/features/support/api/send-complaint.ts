import { apiRequest } from '@/lib/api/client';

/** `POST /api/store/api/send_complaint/` — a complaint or password-recovery request by e-mail. */
export function sendComplaint(body: { email: string; complaint: string }) {
  return apiRequest('post', '/store/api/send_complaint/', { body });
}
