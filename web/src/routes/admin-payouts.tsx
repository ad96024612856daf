import { PageHeading } from '@/components/ui/page-heading';
import { CommissionIncomeSection } from '@/features/admin/components/commission-income';
import { CommissionRatesSection } from '@/features/admin/components/commission-rates';
import { PayoutSettingsSection } from '@/features/admin/components/payout-settings';
import { RecentPayouts } from '@/features/admin/components/recent-payouts';
import { StoreBalances } from '@/features/admin/components/store-balances';
import { useDocumentTitle } from '@/lib/use-document-title';

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
      <RecentPayouts />
      <PayoutSettingsSection />
      <CommissionRatesSection />
    </>
  );
}
