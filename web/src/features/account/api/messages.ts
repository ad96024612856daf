// The sign-in dialog's texts for server answers (spec §8), and the registration form's own checks
// (spec §5), in the spec's order and words.
import { ApiError } from '@/lib/api/client';

export const LOGIN_FAILED =
  'No account found with those credentials. Please check your username and password.';
export const ACCOUNT_EXISTS =
  'An account with these details already exists. Please log in instead.';
export const REGISTER_FAILED = 'Error registering your account!';

/**
 * 'field: message' pairs joined by ' | ' from an error body such as
 * `{"password":["Too short.","Too common."]}` or `{"detail":"…"}`. The `code` key is the machine
 * name of the error, not a message, so it is left out.
 */
function fieldPairs(error: unknown): string {
  if (!(error instanceof ApiError)) return '';
  const body = error.body;
  if (typeof body !== 'object' || body === null) return '';
  return Object.entries(body)
    .filter(([field]) => field !== 'code')
    .map(([field, value]) => {
      const text = Array.isArray(value) ? value.map(String).join(' ') : String(value);
      return `${field}: ${text}`;
    })
    .join(' | ');
}

export function loginErrorMessage(error: unknown): string {
  const pairs = fieldPairs(error);
  if (pairs === '' || pairs.includes('No active account')) return LOGIN_FAILED;
  return pairs;
}

export function registerErrorMessage(error: unknown): string {
  const pairs = fieldPairs(error);
  if (pairs === '') return REGISTER_FAILED;
  // The original client compared its lower-cased text, so the case of the server's words is free.
  if (pairs.toLowerCase().includes('already exists')) return ACCOUNT_EXISTS;
  return pairs;
}

export interface Registration {
  email: string;
  username: string;
  password: string;
  re_password: string;
}

export const MIN_PASSWORD_LENGTH = 8;

/** The first failed rule's text, checked in the spec's order, or null when the form is fine. */
export function validateRegistration(form: Registration): string | null {
  if (form.email.trim() === '') return 'Email is required.';
  if (form.username.trim() === '') return 'Username is required.';
  return validateNewPassword(form.password, form.re_password);
}

/**
 * The spec's password rules (§5), in order, for any form that sets a password (registration,
 * password reset): the first failed rule's text, or null.
 */
export function validateNewPassword(password: string, repeated: string): string | null {
  if (password === '') return 'Password is required.';
  if (Array.from(password).length < MIN_PASSWORD_LENGTH) {
    return 'Password must be at least 8 characters long.';
  }
  if (password !== repeated) return 'Passwords do not match.';
  return null;
}

const CODE_TOO_SOON = 'Please wait a minute before asking for another code.';
const PHONE_FAILED = 'Something went wrong. Please try again.';

/** The text for a failed phone or code request: the server's own words, field by field. */
export function phoneErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 429) return CODE_TOO_SOON;
  if (error instanceof ApiError && error.status === 401) return LOGIN_FAILED;
  const body = error instanceof ApiError ? error.body : null;
  if (typeof body !== 'object' || body === null) return PHONE_FAILED;
  const texts = Object.entries(body)
    .filter(
      ([field]) => field !== 'code' || Array.isArray((body as Record<string, unknown>)[field]),
    )
    .flatMap(([, value]) => (Array.isArray(value) ? value.map(String) : [String(value)]));
  return texts.length > 0 ? texts.join(' ') : PHONE_FAILED;
}
