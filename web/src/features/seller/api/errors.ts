import { ApiError } from '@/lib/api/client';

/** A 403: the caller is signed in but owns no store. */
export function isForbidden(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403;
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
