import { apiGet, apiRequest, ApiError } from '@/lib/api/client';
import type { BulkRefused, BulkRequest, ImportJob, ImportReport } from './types';

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

/** How long the import page waits between two reads of a running job. */
export const IMPORT_POLL_MS = 600;

const wait = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms);
  });

/**
 * Checks the file (dry run) or applies it as a background job (docs/decisions/0030-import-jobs.md):
 * `POST /api/seller/product-imports/` answers the job, which is then read every IMPORT_POLL_MS
 * until it ends; `onProgress` sees each reading. Resolves with the job's report (a refused apply is a
 * report with problems); a failed job rejects with its reason.
 */
export async function importProducts(
  file: Blob,
  dryRun: boolean,
  onProgress: (job: ImportJob) => void = () => {},
): Promise<ImportReport> {
  // The typed client models 200/201 answers; this one is 202 with the job.
  let job = (await apiRequest('post', '/seller/product-imports/', {
    query: dryRun ? { dry_run: '1' } : {},
    // The contract's body is text/csv, which the typed client does not model: sent as it is.
    body: file as never,
    headers: { 'Content-Type': 'text/csv' },
  })) as unknown as ImportJob;
  for (;;) {
    onProgress(job);
    if (job.status === 'done' && job.report) return job.report;
    if (job.status === 'failed' || job.status === 'done')
      throw new Error(job.error ?? 'The import failed. Please try again.');
    await wait(IMPORT_POLL_MS);
    job = await apiGet('/seller/product-imports/{id}/', { params: { id: job.id } });
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
