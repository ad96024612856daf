import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PageHeading } from '@/components/ui/page-heading';
import { downloadExport, importProducts } from '@/features/seller/api/bulk';
import { sellerProductsQueryKey } from '@/features/seller/api/products';
import type { ImportJob, ImportReport } from '@/features/seller/api/types';
import { useDocumentTitle } from '@/lib/use-document-title';

/** The template's columns and what each holds (docs/decisions/0028-bulk-catalogue.md). */
const COLUMNS: readonly [string, string][] = [
  ['id', 'The product’s number in Dwa, from an export. Leave it empty for a new product.'],
  ['sku', 'Your own code for the product, unique in your store. Required for a new product.'],
  ['name', 'Required for a new product.'],
  ['category', 'The address name of the category, as in /category/…: “consoles”.'],
  ['brand', 'Empty for none.'],
  ['price', 'In GH₵, like 1899.50. Required for a new product.'],
  ['was_price', 'The price before a deal, higher than the price; empty for none.'],
  ['stock', 'Units you have.'],
  ['exported_stock', 'The stock when you exported: leave it as it is.'],
  ['active', '“yes” or “no”: on sale or not. New products are on sale.'],
  ['description', 'Text or simple HTML.'],
  ['specification', 'Text or simple HTML.'],
  ['variant_of', 'On a variant row: the id or SKU of its product. Empty on a product row.'],
  [
    'variant_id',
    'On a variant row: the variant’s number in Dwa, from an export; blank for a new one.',
  ],
  [
    'option1_name … option3_value',
    'On a variant row: its options and values, like “Storage” and “256 GB”.',
  ],
];

type Step = 'idle' | 'checking' | 'applying';

/**
 * Seller Centre: the CSV import and export of the store's products. A file is checked first
 * (nothing changes), every problem listed by row and column; "Apply" is offered only for a clean
 * check and writes the whole file or nothing.
 */
export default function SellerImportPage() {
  useDocumentTitle('Import and export products');
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [step, setStep] = useState<Step>('idle');
  const [job, setJob] = useState<ImportJob | null>(null);
  const [error, setError] = useState('');

  async function run(dryRun: boolean) {
    if (!file) return;
    setStep(dryRun ? 'checking' : 'applying');
    setJob(null);
    setError('');
    try {
      const next = await importProducts(file, dryRun, setJob);
      setReport(next);
      if (next.applied) await queryClient.invalidateQueries({ queryKey: sellerProductsQueryKey });
    } catch (e) {
      setReport(null);
      setError(e instanceof Error ? e.message : 'The file could not be sent. Please try again.');
    } finally {
      setStep('idle');
    }
  }

  const clean = report !== null && report.dry_run && report.problems.length === 0;
  return (
    <>
      <PageHeading>Import and export products</PageHeading>
      <div className="space-y-6">
        <section aria-labelledby="export-heading" className="rounded-card bg-white p-4 shadow-card">
          <h2 id="export-heading" className="mb-2 text-lg font-bold">
            Export
          </h2>
          <p className="mb-3">
            Download every product of your store as a CSV file, change it in a spreadsheet and
            import it back.
          </p>
          <Button
            variant="secondary"
            onClick={() => {
              downloadExport().catch(() => {
                setError('The export failed. Please try again.');
              });
            }}
          >
            Download products (CSV)
          </Button>
        </section>

        <section aria-labelledby="import-heading" className="rounded-card bg-white p-4 shadow-card">
          <h2 id="import-heading" className="mb-2 text-lg font-bold">
            Import
          </h2>
          <p className="mb-3">
            At most 10,000 rows and 16 MB. The file is checked first; nothing changes until you
            apply a file without problems, and then all of it changes at once.
          </p>
          <label className="mb-3 block">
            <span className="mb-1 block font-semibold">CSV file</span>
            <input
              type="file"
              accept=".csv,text/csv"
              className="block w-full max-w-full text-sm"
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setReport(null);
                setError('');
              }}
            />
          </label>
          <div className="flex flex-wrap gap-3">
            <Button
              variant="secondary"
              aria-disabled={file === null || step !== 'idle'}
              onClick={() => void run(true)}
            >
              Check file
            </Button>
            <Button aria-disabled={!clean || step !== 'idle'} onClick={() => void run(false)}>
              Apply
            </Button>
          </div>
          {step !== 'idle' && <Progress step={step} job={job} />}
          {error && (
            <div className="mt-4">
              <ErrorAlert>{error}</ErrorAlert>
            </div>
          )}
          {report && <Report report={report} />}
        </section>

        <section
          aria-labelledby="template-heading"
          className="rounded-card bg-white p-4 shadow-card"
        >
          <h2 id="template-heading" className="mb-2 text-lg font-bold">
            The template
          </h2>
          <p className="mb-3">
            The first row names the columns, in any order; only <code>id</code> or <code>sku</code>{' '}
            is needed. A row with an id, or with the SKU of a product you have, changes that
            product; a row with a new SKU adds one. Save from Excel as “CSV UTF-8”.{' '}
            <a
              href="/product-template.csv"
              download
              className="font-semibold text-brand-700 underline underline-offset-4"
            >
              Download the template
            </a>
          </p>
          <p className="mb-3">
            A product with options (sizes, colours…) has its own row, then one row per variant: the
            variant columns, and its <code>sku</code>, <code>price</code>, <code>stock</code>,{' '}
            <code>exported_stock</code> and <code>active</code>. Its other columns stay empty; a
            blank price, stock or active leaves the variant’s as it is. The price and stock on the
            product’s own row are its variants’ lowest price and total stock: change them on the
            variant rows.
          </p>
          <p className="mb-3">
            A product without options gets them from its variant rows: put its SKU (a new product’s
            row first) in <code>variant_of</code>, the same option names in the same order on each
            row, and a price on each. Every combination becomes a variant; those with no row are
            added switched off with stock 0. A product that has options keeps them: add new values
            on its page.
          </p>
          <dl className="space-y-2">
            {COLUMNS.map(([name, text]) => (
              <div key={name}>
                <dt className="font-mono font-semibold">{name}</dt>
                <dd className="break-words">{text}</dd>
              </div>
            ))}
          </dl>
        </section>
        <Link
          to="/seller/products"
          className="inline-flex min-h-tap items-center font-semibold text-brand-700 underline underline-offset-4"
        >
          Back to your products
        </Link>
      </div>
    </>
  );
}

/**
 * The running import: rows checked of the file's rows, then (an apply) the one transaction that
 * writes them. Before the file is read (the job waits for its turn) the bar is indeterminate.
 */
function Progress({ step, job }: { step: Exclude<Step, 'idle'>; job: ImportJob | null }) {
  const total = job?.total ?? 0;
  const rows = (count: number) => count.toLocaleString('en-GH');
  let text = step === 'checking' ? 'Checking the file…' : 'Applying the file…';
  let value: number | undefined;
  let max = 1;
  if (job && job.status === 'queued') text = 'Waiting for a turn: many imports are running…';
  else if (job && total > 0) {
    // A dry run only checks; an apply checks, then writes every row.
    max = step === 'checking' ? total : 2 * total;
    value = job.checked + (step === 'checking' ? 0 : job.applied);
    text =
      job.checked < total
        ? `Checked ${rows(job.checked)} of ${rows(total)} rows…`
        : step === 'checking'
          ? `Checked ${rows(total)} rows.`
          : `Writing ${rows(total)} rows…`;
  }
  return (
    <div className="mt-4">
      <p id="import-progress" className="mb-1" aria-live="polite">
        {text}
      </p>
      <progress aria-labelledby="import-progress" className="w-full" value={value} max={max} />
    </div>
  );
}

function Report({ report }: { report: ImportReport }) {
  const n = (count: number, one: string) =>
    `${count.toLocaleString('en-GH')} ${one}${count === 1 ? '' : 's'}`;
  if (report.problems.length > 0)
    return (
      <div className="mt-4" role="status">
        <p className="mb-2 font-semibold text-danger-700">
          {n(report.problems.length, 'problem')} in {n(report.rows, 'row')}: nothing was changed.
          Fix the file and check it again.
        </p>
        <ul
          aria-label="Problems"
          className="divide-y divide-line rounded-control border border-line"
        >
          {report.problems.map((p, i) => (
            <li key={i} className="p-2 break-words">
              <span className="font-semibold">
                Row {p.row}
                {p.column ? `, ${p.column}` : ''}:
              </span>{' '}
              {p.message}
            </li>
          ))}
        </ul>
      </div>
    );
  const counts = `${n(report.created, 'new product')}, ${n(report.updated, 'changed product')}, ${n(report.unchanged, 'unchanged row')}.`;
  return (
    <p className="mt-4 font-semibold" role="status">
      {report.applied
        ? `Done: ${counts}`
        : `No problems in ${n(report.rows, 'row')}: ${counts} Apply to make the changes.`}
    </p>
  );
}
