import { useState, type SubmitEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field, FormMessages } from '@/components/ui/field';
import { problemText } from '@/lib/api/problem';
import { fetchStatement } from '../api/payouts';

export const STATEMENT_FAILED = 'Failed to download the statement. Please try again.';

/** This month as `YYYY-MM`, in UTC like the statements' months. */
export function thisMonth(now = new Date()): string {
  return now.toISOString().slice(0, 7);
}

/**
 * Saves `text` as a file named `filename` through a temporary link (no page change). Reading the
 * answer as text drops the server's byte order mark; it is put back so that Excel reads the file as
 * UTF-8 and shows "GH₵" (a mark already there is not doubled).
 */
function saveFile(text: string, filename: string) {
  const body = text.startsWith('\uFEFF') ? text : '\uFEFF' + text;
  const url = URL.createObjectURL(new Blob([body], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** A month's statement as a CSV file: opening balance, every line of the month, closing balance. */
export function StatementDownload() {
  const max = thisMonth();
  const [month, setMonth] = useState(max);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');

  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    if (!/^\d{4}-\d{2}$/.test(month)) {
      setDone('');
      setError('Choose a month.');
      return;
    }
    setBusy(true);
    setError('');
    setDone('');
    try {
      const { csv, filename } = await fetchStatement(month);
      saveFile(csv, filename);
      setDone(`Statement downloaded: ${filename}`);
    } catch (failure) {
      setError(problemText(failure) ?? STATEMENT_FAILED);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      aria-labelledby="statement-heading"
      className="mt-8 rounded-card bg-white p-4 shadow-card sm:p-6"
    >
      <h2 id="statement-heading" className="mb-3 text-xl font-bold">
        Monthly statement
      </h2>
      <form onSubmit={(e) => void submit(e)} noValidate className="space-y-3">
        <Field
          label="Month"
          hint="A spreadsheet (CSV) of the month's balance lines."
          type="month"
          min="2000-01"
          max={max}
          value={month}
          onValueChange={setMonth}
          className="max-w-xs"
        />
        <Button type="submit" aria-disabled={busy} className="w-full sm:w-auto">
          Download statement
        </Button>
        <FormMessages error={error} success={done} />
      </form>
    </section>
  );
}
