import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Handle } from '@/components/ui/handle';
import { FormMessages, TextAreaField } from '@/components/ui/field';
import { PageHeading } from '@/components/ui/page-heading';
import {
  complaintsQueryKey,
  handleComplaint,
  useComplaints,
  type AdminComplaint,
} from '@/features/admin/api/people';
import { Loaded } from '@/components/backoffice/loaded';
import { useAction } from '@/components/backoffice/use-action';
import { cx } from '@/lib/cx';
import { formatDateTime } from '@/lib/dates';
import { useDocumentTitle } from '@/lib/use-document-title';

export const COMPLAINTS_FAILED = 'Failed to load the complaints. Please try again.';

/** Staff: the complaints inbox — read, reply by e-mail, mark handled. */
export default function AdminComplaintsPage() {
  useDocumentTitle('Complaints');
  const [params] = useSearchParams();
  const status = params.get('status') === 'handled' ? 'handled' : 'open';
  const query = useComplaints(status);
  return (
    <>
      <PageHeading>Complaints</PageHeading>
      <nav aria-label="Complaint status" className="mb-4">
        <ul className="flex gap-2">
          {(['open', 'handled'] as const).map((s) => (
            <li key={s}>
              <Link
                to={s === 'open' ? '/admin/complaints' : '/admin/complaints?status=handled'}
                aria-current={s === status ? 'page' : undefined}
                className={cx(
                  'inline-flex min-h-tap items-center rounded-control px-3 font-semibold',
                  s === status
                    ? 'bg-brand-700 text-white'
                    : 'bg-white text-brand-800 ring-1 ring-brand-200',
                )}
              >
                {s === 'open' ? 'Open' : 'Handled'}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Loaded query={query} failed={COMPLAINTS_FAILED}>
        {(data) =>
          data.length === 0 ? (
            <p>{status === 'open' ? 'No open complaints.' : 'No handled complaints yet.'}</p>
          ) : (
            <ul className="space-y-3">
              {data.map((c) => (
                <ComplaintCard key={c.id} complaint={c} />
              ))}
            </ul>
          )
        }
      </Loaded>
    </>
  );
}

function ComplaintCard({ complaint }: { complaint: AdminComplaint }) {
  const [reply, setReply] = useState('');
  const { busy, failure, done, run, refuse } = useAction([complaintsQueryKey]);

  function handle(withReply: boolean) {
    if (withReply && reply.trim() === '') {
      refuse('Write a reply first, or mark it handled without one.');
      return;
    }
    void run(
      () => handleComplaint(complaint.id, withReply ? reply.trim() : undefined),
      withReply ? `Reply sent to ${complaint.email}.` : 'Marked handled.',
    );
  }

  return (
    <li className="rounded-card bg-white p-4 shadow-card">
      <article aria-label={`Complaint from ${complaint.email}`}>
        <p className="text-sm text-muted">
          <a href={`mailto:${complaint.email}`} className="font-semibold text-brand-700 underline">
            <Handle text={complaint.email} />
          </a>{' '}
          · {formatDateTime(complaint.created_at)}
          {complaint.handled_at && ` · handled ${formatDateTime(complaint.handled_at)}`}
        </p>
        <p className="my-3 break-words whitespace-pre-line">{complaint.complaint}</p>
        {complaint.handled_at === null && (
          <div className="space-y-2">
            <TextAreaField
              label="Reply by e-mail"
              hint="Sent from Dwa customer support; blank lines start new paragraphs."
              rows={4}
              maxLength={5000}
              value={reply}
              onValueChange={setReply}
            />
            <div className="flex flex-wrap gap-2">
              <Button
                aria-disabled={busy}
                onClick={() => {
                  handle(true);
                }}
              >
                Send reply and mark handled
              </Button>
              <Button
                variant="secondary"
                aria-disabled={busy}
                onClick={() => {
                  handle(false);
                }}
              >
                Mark handled without reply
              </Button>
            </div>
          </div>
        )}
        <FormMessages error={failure} success={done} />
      </article>
    </li>
  );
}
