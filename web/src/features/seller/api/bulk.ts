import { apiGet, apiRequest, ApiError } from '@/lib/api/client';
import type { BulkRefused, BulkRequest, ImportReport } from './types';

/**
 * `GET /api/seller/products/export.csv` — every product of the store as the import template, saved
 * as a file. It goes through the API client (the login is a bearer token, which a plain link
 * would not carry).
 */
export async function downloadExport() {
  // Not JSON: the client hands the text over as it came.
  const answer = apiGet('/seller/products/export.csv', {}) as Promise<unknown>;
  const text = String(await answer);
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'products.csv';
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * `POST /api/seller/products/import/` — checks the file (dry run) or applies it. Either way the
 * answer is the report; an apply refused for problems (422) is answered as its report too.
 */
export async function importProducts(file: Blob, dryRun: boolean): Promise<ImportReport> {
  try {
    return await apiRequest('post', '/seller/products/import/', {
      query: dryRun ? { dry_run: '1' } : {},
      // The contract's body is text/csv, which the typed client does not model: sent as it is.
      body: file as never,
      headers: { 'Content-Type': 'text/csv' },
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 422) return error.body as ImportReport;
    throw error;
  }
}

/** `POST /api/seller/products/bulk/` — one action on the chosen products, all or nothing. */
export function bulkProducts(body: BulkRequest) {
  return apiRequest('post', '/seller/products/bulk/', { body });
}

/** The products a refused bulk action names, else null. */
export function bulkRefused(error: unknown): BulkRefused | null {
  if (error instanceof ApiError && error.status === 422) return error.body as BulkRefused;
  return null;
}
