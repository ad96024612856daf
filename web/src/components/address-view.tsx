import { localPhone } from '@/lib/phone';
import type { components } from '@/lib/api/schema';

type AddressSnapshot = components['schemas']['AddressSnapshot'];

/**
 * An order's delivery address as a rider reads it: who and their number, the area, town and
 * region, then the digital address, landmark and directions when given. Long words wrap.
 */
export function AddressView({ address }: { address: AddressSnapshot }) {
  return (
    <address className="min-w-0 break-words not-italic">
      <span className="block font-semibold">{address.recipient_name}</span>
      <a
        href={`tel:${address.phone}`}
        className="block text-brand-700 underline underline-offset-4"
      >
        {localPhone(address.phone)}
      </a>
      <span className="block">{address.area}</span>
      <span className="block">
        {address.city}, {address.region_name} Region
      </span>
      {address.digital_address && (
        <span className="block">
          Digital address:{' '}
          <span className="font-semibold whitespace-nowrap">{address.digital_address}</span>
        </span>
      )}
      {address.landmark && <span className="block">Landmark: {address.landmark}</span>}
      {address.directions && (
        <span className="block whitespace-pre-line">Directions: {address.directions}</span>
      )}
    </address>
  );
}
