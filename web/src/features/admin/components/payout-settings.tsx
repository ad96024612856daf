import { useState, type SubmitEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field, FormMessages } from '@/components/ui/field';
import { Loaded } from '@/components/backoffice/loaded';
import { Switch } from '@/components/backoffice/switch';
import { useAction } from '@/components/backoffice/use-action';
import { formatPesewas, toPesewas } from '@/lib/money';
import {
  adminPayoutsQueryKey,
  updatePayoutSettings,
  usePayoutSettings,
  type PayoutSettings,
} from '../api/payouts';

export const PAYOUT_SETTINGS_FAILED = 'Failed to load the payout settings. Please try again.';

/** '12.5%' for 1250 basis points. */
export function formatRate(bps: number): string {
  return `${String(bps / 100)}%`;
}

/**
 * Basis points of a percentage typed as '12.5' or '12.5%' (hundredths of a per cent, like
 * pesewas of a cedi); null when it is not a number from 0 to 100 with at most two decimals.
 */
export function toBps(text: string): number | null {
  const bare = text.trim().replace(/%$/, '').trim();
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(bare)) return null;
  const bps = toPesewas(bare);
  return bps !== null && bps <= 10000 ? bps : null;
}

/** The mall's payout rules: default commission, holding period, minimum payout, weekly schedule. */
export function PayoutSettingsSection() {
  const query = usePayoutSettings();
  return (
    <section
      aria-labelledby="payout-settings-heading"
      className="mt-8 rounded-card bg-white p-4 shadow-card sm:p-6"
    >
      <h2 id="payout-settings-heading" className="mb-3 text-xl font-bold">
        Payout settings
      </h2>
      <Loaded query={query} failed={PAYOUT_SETTINGS_FAILED}>
        {(settings) => <SettingsForm settings={settings} />}
      </Loaded>
    </section>
  );
}

function SettingsForm({ settings }: { settings: PayoutSettings }) {
  const [rate, setRate] = useState(String(settings.default_commission_bps / 100));
  const [days, setDays] = useState(String(settings.holding_days));
  const [minimum, setMinimum] = useState((settings.minimum_payout_minor / 100).toFixed(2));
  const [weekly, setWeekly] = useState(settings.weekly_payouts);
  const { busy, failure, done, run, refuse } = useAction([adminPayoutsQueryKey]);

  function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const bps = toBps(rate);
    const holding = /^\d{1,2}$/.test(days.trim()) ? Number(days.trim()) : null;
    const min = toPesewas(minimum);
    if (bps === null) {
      refuse('Type the default commission as a percentage from 0 to 100.');
      return;
    }
    if (holding === null || holding > 90) {
      refuse('Type the holding period in days, 0 to 90.');
      return;
    }
    if (min === null || min < 100) {
      refuse('Type the smallest payout in cedis, at least 1.00.');
      return;
    }
    void run(
      () =>
        updatePayoutSettings({
          default_commission_bps: bps,
          holding_days: holding,
          minimum_payout_minor: min,
          weekly_payouts: weekly,
        }),
      `Saved: ${formatRate(bps)} commission, ${String(holding)} days' holding, payouts from ${formatPesewas(min)}${weekly ? ', paid weekly' : ', on request only'}.`,
    );
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-3">
      <Field
        label="Default commission (%)"
        hint="Of the items' price; delivery fees carry none."
        inputMode="decimal"
        value={rate}
        onValueChange={setRate}
      />
      <Field
        label="Holding period (days)"
        hint="After delivery, before earnings are available."
        inputMode="numeric"
        value={days}
        onValueChange={setDays}
      />
      <Field
        label="Smallest payout (GH₵)"
        hint="Asked for or paid weekly."
        inputMode="decimal"
        value={minimum}
        onValueChange={setMinimum}
      />
      <div className="sm:col-span-3">
        <Switch
          label="Pay every store's available balance once a week"
          checked={weekly}
          onCheckedChange={setWeekly}
        />
        <Button type="submit" aria-disabled={busy} className="mt-2 w-full sm:w-auto">
          Save settings
        </Button>
        <FormMessages error={failure} success={done} />
      </div>
    </form>
  );
}
