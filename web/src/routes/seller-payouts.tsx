import { Suspense } from 'react';
import { Loading } from '@/components/ui/loading';
import { PageHeading } from '@/components/ui/page-heading';
import { ListSkeleton } from '@/components/ui/skeleton';
import { Loaded } from '@/components/backoffice/loaded';
import { useSellerBalance } from '@/features/seller/api/payouts';
import { BalanceCards } from '@/features/seller/components/balance-cards';
import { PayoutAccountSection } from '@/features/seller/components/payout-account';
import { PayoutRequest } from '@/features/seller/components/payout-request';
import { lazyPart } from '@/lib/lazy-part';
import { useDocumentTitle } from '@/lib/use-document-title';

const PayoutRecords = lazyPart(() => import('@/features/seller/components/payout-records'));

export const BALANCE_FAILED = 'Failed to load your balance. Please try again.';

/**
 * Seller Centre: what the store has earned and where it is (pending, available, on its way, paid
 * out), the account payouts go to, a payout on request, the payouts and every balance line, and
 * a month's statement to download.
 */
export default function SellerPayoutsPage() {
  useDocumentTitle('Payouts');
  const balance = useSellerBalance();
  return (
    <>
      <PageHeading>Payouts</PageHeading>
      <Loaded query={balance} failed={BALANCE_FAILED}>
        {(data) => (
          <>
            <BalanceCards balance={data} />
            <PayoutAccountSection account={data.account} />
            <PayoutRequest balance={data} />
          </>
        )}
      </Loaded>
      <Suspense
        fallback={
          <Loading>
            <ListSkeleton />
          </Loading>
        }
      >
        <PayoutRecords />
      </Suspense>
    </>
  );
}
