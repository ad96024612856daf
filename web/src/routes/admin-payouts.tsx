import { Suspense } from 'react';
import { Loading } from '@/components/ui/loading';
import { PageHeading } from '@/components/ui/page-heading';
import { ListSkeleton } from '@/components/ui/skeleton';
import { CommissionIncomeSection } from '@/features/admin/components/commission-income';
import { StoreBalances } from '@/features/admin/components/store-balances';
import { lazyPart } from '@/lib/lazy-part';
import { useDocumentTitle } from '@/lib/use-document-title';

const PayoutRules = lazyPart(() => import('@/features/admin/components/payout-rules'));

/**
 * Staff: every store's balances with a hold (and its reason) or release, the mall's commission
 * income, the recent payouts, and the rules: payout settings and commission rates.
 */
export default function AdminPayoutsPage() {
  useDocumentTitle('Payouts');
  return (
    <>
      <PageHeading>Payouts</PageHeading>
      <StoreBalances />
      <CommissionIncomeSection />
      <Suspense
        fallback={
          <Loading>
            <ListSkeleton />
          </Loading>
        }
      >
        <PayoutRules />
      </Suspense>
    </>
  );
}
