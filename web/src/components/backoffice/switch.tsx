import { useState, type InputHTMLAttributes } from 'react';
import { FormMessages } from '@/components/ui/field';
import { problemText } from '@/lib/api/problem';

/** A labelled on/off switch (a checkbox in the switch role), the label beside it. */
export function Switch({
  label,
  onCheckedChange,
  ...input
}: {
  label: string;
  onCheckedChange: (checked: boolean) => void;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'role' | 'onChange' | 'className'>) {
  return (
    <label className="flex min-h-tap items-center gap-3 font-semibold">
      <input
        type="checkbox"
        role="switch"
        {...input}
        onChange={(e) => {
          onCheckedChange(e.target.checked);
        }}
        className="size-5 accent-brand-700"
      />
      {label}
    </label>
  );
}

/**
 * A setting's switch saved as soon as it is flipped. The asked-for state shows at once (a slow
 * connection must not leave the switch looking stuck); the saved one (`checked`, from the caller's
 * refreshed data) replaces it, or a failure puts the old one back and says why — the server's
 * reason, else `failed`. `save` resolves to the message telling what now holds.
 */
export function SavedSwitch({
  label,
  checked,
  failed,
  save,
}: {
  label: string;
  checked: boolean;
  failed: string;
  save: (on: boolean) => Promise<string>;
}) {
  const [busy, setBusy] = useState(false);
  const [asked, setAsked] = useState<boolean | null>(null);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');

  async function change(on: boolean) {
    if (busy) return;
    setBusy(true);
    setAsked(on);
    setError('');
    setDone('');
    try {
      setDone(await save(on));
    } catch (e) {
      setError(problemText(e) ?? failed);
    } finally {
      setAsked(null);
      setBusy(false);
    }
  }

  return (
    <>
      <Switch
        label={label}
        checked={asked ?? checked}
        aria-disabled={busy}
        onCheckedChange={(on) => void change(on)}
      />
      <FormMessages error={error} success={done} />
    </>
  );
}
