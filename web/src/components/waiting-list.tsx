/**
 * Changes made offline that wait for a connection (bag, wishlist): shown until they are sent, so a
 * shopper sees what was kept and what will happen when the network returns.
 */
export function WaitingList({ id, note, items }: { id: string; note: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <section
      aria-labelledby={id}
      className="mb-4 rounded-card border border-gold-500 bg-gold-100 p-4"
    >
      <h2 id={id} className="font-bold">
        Waiting for a connection
      </h2>
      <p className="text-sm">{note}</p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {items.map((item, i) => (
          <li key={i} className="break-words">
            {item}
          </li>
        ))}
      </ul>
    </section>
  );
}
