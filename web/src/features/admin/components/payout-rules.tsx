import { CommissionRatesSection } from './commission-rates';
import { PayoutSettingsSection } from './payout-settings';
import { RecentPayouts } from './recent-payouts';

/**
 * The staff Payouts page below the balances and income: recent payouts and the rules. A chunk of
 * its own, loaded after the page, which keeps the page's first load within the initial-JS budget.
 */
export default function PayoutRules() {
  return (
    <>
      <RecentPayouts />
      <PayoutSettingsSection />
      <CommissionRatesSection />
    </>
  );
}
