import { PageHeading } from '@/components/ui/page-heading';
import { DeliveryZones } from '@/features/admin/components/delivery-zones';
import { Holidays } from '@/features/admin/components/holidays';
import { PickupStations } from '@/features/admin/components/pickup-stations';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * Staff: what delivery costs and when it arrives (decision 0024) — the zones, the pickup stations
 * and the public holidays that promised dates skip.
 */
export default function AdminDeliveryPage() {
  useDocumentTitle('Delivery');
  return (
    <>
      <PageHeading>Delivery</PageHeading>
      <div className="max-w-3xl space-y-10">
        <DeliveryZones />
        <PickupStations />
        <Holidays />
      </div>
    </>
  );
}
