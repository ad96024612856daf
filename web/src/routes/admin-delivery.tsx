import { PageHeading } from '@/components/ui/page-heading';
import { DeliveryZones } from '@/features/admin/components/delivery-zones';
import { Holidays } from '@/features/admin/components/holidays';
import { PickupStations } from '@/features/admin/components/pickup-stations';
import { useDocumentTitle } from '@/lib/use-document-title';

/** The page's sections by the ids of their headings. */
const JUMPS = [
  ['zones', 'Zones'],
  ['stations', 'Pickup stations'],
  ['holidays', 'Holidays'],
] as const;

/**
 * Staff: what delivery costs and when it arrives (decision 0024) — the zones, the pickup stations
 * and the public holidays that promised dates skip.
 */
export default function AdminDeliveryPage() {
  useDocumentTitle('Delivery');
  return (
    <>
      <PageHeading>Delivery</PageHeading>
      {/* The zones list is long on a phone: the other two tables are a tap away. */}
      <nav aria-label="On this page" className="mb-4 flex flex-wrap gap-x-4">
        {JUMPS.map(([id, label]) => (
          <a
            key={id}
            href={`#${id}`}
            className="inline-flex min-h-tap items-center font-semibold text-brand-700 underline underline-offset-4"
          >
            {label}
          </a>
        ))}
      </nav>
      <div className="max-w-3xl space-y-10">
        <DeliveryZones />
        <PickupStations />
        <Holidays />
      </div>
    </>
  );
}
