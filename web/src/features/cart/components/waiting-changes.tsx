import { describeChange, useQueuedChanges } from '../api/offline-queue';

/** The bag changes made offline that wait for a connection, shown until they are sent. */
export function WaitingChanges() {
  const changes = useQueuedChanges();
  if (changes.length === 0) return null;
  return (
    <section
      aria-labelledby="waiting-changes"
      className="mb-4 rounded-card border border-gold-500 bg-gold-100 p-4"
    >
      <h2 id="waiting-changes" className="font-bold">
        Waiting for a connection
      </h2>
      <p className="text-sm">These changes will be sent to your bag when you are back online.</p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {changes.map((change, i) => (
          <li key={i} className="break-words">
            {describeChange(change)}
          </li>
        ))}
      </ul>
    </section>
  );
}
