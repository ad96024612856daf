import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { problemText } from '@/lib/api/problem';

export const ACTION_FAILED = 'That did not work. Please try again.';

/**
 * A back-office change at a time: `run` refuses a second one while the first is under way, shows
 * `done` on success or the server's reason (else ACTION_FAILED) on failure, and refreshes the
 * queries under `refresh`. It resolves to whether the change succeeded.
 */
export function useAction(refresh: readonly QueryKey[]) {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const [done, setDone] = useState('');

  async function run(change: () => Promise<unknown>, message: string): Promise<boolean> {
    if (busy) return false;
    setBusy(true);
    setFailure('');
    setDone('');
    try {
      await change();
      setDone(message);
      await Promise.all(refresh.map((queryKey) => client.invalidateQueries({ queryKey })));
      return true;
    } catch (e) {
      setFailure(problemText(e) ?? ACTION_FAILED);
      return false;
    } finally {
      setBusy(false);
    }
  }

  /** Shows a reason the change was not even tried (a file too large, a blank reply). */
  function refuse(reason: string) {
    setDone('');
    setFailure(reason);
  }

  /** Shows the success of a change made elsewhere (a dialog that saved and closed). */
  function announce(message: string) {
    setFailure('');
    setDone(message);
  }

  return { busy, failure, done, run, refuse, announce };
}
