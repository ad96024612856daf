import { WaitingList } from '@/components/waiting-list';
import { describeChange, useQueuedChanges } from '../api/offline-queue';

/** The bag changes made offline that wait for a connection, shown until they are sent. */
export function WaitingChanges() {
  return (
    <WaitingList
      id="waiting-changes"
      note="These changes will be sent to your bag when you are back online."
      items={useQueuedChanges().map(describeChange)}
    />
  );
}
