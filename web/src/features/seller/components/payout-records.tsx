import { LedgerList, PayoutList } from './payout-history';
import { StatementDownload } from './statement-download';

/**
 * The Payouts page's records, below its balance and forms: a chunk of its own, loaded after the
 * page, which keeps the page's first load within the initial-JS budget.
 */
export default function PayoutRecords() {
  return (
    <>
      <PayoutList />
      <LedgerList />
      <StatementDownload />
    </>
  );
}
