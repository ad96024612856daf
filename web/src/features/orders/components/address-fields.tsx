import { Field, SelectField, TextAreaField } from '@/components/ui/field';
import { parseDigitalAddress } from '@/lib/digital-address';
import { REGIONS, type Region } from '@/lib/regions';
import type { AddressFields } from '../api/addresses';

/** An address as typed: every field a string, the region '' until chosen. */
export type AddressDraft = Record<keyof AddressFields, string>;
export type AddressFieldErrors = Partial<Record<keyof AddressFields, string>>;

export const emptyDraft: AddressDraft = {
  recipient_name: '',
  phone: '',
  region: '',
  city: '',
  area: '',
  digital_address: '',
  landmark: '',
  directions: '',
};

export const REQUIRED_FIELD = 'This field is required.';
export const DIGITAL_HINT = 'Optional. From the GhanaPost GPS app, e.g. GA-183-8164.';
const DIGITAL_INVALID = 'Enter a GhanaPost GPS digital address, like GA-183-8164.';

/** The draft's problems the browser can see (the server checks them all again). */
export function checkDraft(draft: AddressDraft): AddressFieldErrors {
  const errors: AddressFieldErrors = {};
  for (const key of ['recipient_name', 'phone', 'region', 'city', 'area'] as const) {
    if (draft[key].trim() === '') errors[key] = REQUIRED_FIELD;
  }
  if (draft.digital_address.trim() !== '' && parseDigitalAddress(draft.digital_address) === null) {
    errors.digital_address = DIGITAL_INVALID;
  }
  return errors;
}

/** The draft as the API takes it: trimmed, the digital address in its one form. */
export function draftFields(draft: AddressDraft): AddressFields {
  const digital = draft.digital_address.trim();
  return {
    recipient_name: draft.recipient_name.trim(),
    phone: draft.phone.trim(),
    region: draft.region as Region,
    city: draft.city.trim(),
    area: draft.area.trim(),
    digital_address: digital === '' ? '' : (parseDigitalAddress(digital) ?? digital),
    landmark: draft.landmark.trim(),
    directions: draft.directions.trim(),
  };
}

/** A saved (or snapshot) address back as a draft, for editing. */
export function toDraft(a: AddressFields): AddressDraft {
  return {
    recipient_name: a.recipient_name,
    phone: a.phone,
    region: a.region,
    city: a.city,
    area: a.area,
    digital_address: a.digital_address ?? '',
    landmark: a.landmark ?? '',
    directions: a.directions ?? '',
  };
}

/**
 * The fields of a Ghanaian delivery address (decision 0023): who receives it and their phone,
 * the region, town and area, and — since many places have no street name — the GhanaPost GPS
 * digital address, a landmark and directions for the rider.
 */
export function AddressFieldset({
  value,
  onChange,
  errors,
}: {
  value: AddressDraft;
  onChange: (next: AddressDraft) => void;
  errors: AddressFieldErrors;
}) {
  // A field's value, its change and its error, by the draft's key.
  const bind = (key: keyof AddressDraft) => ({
    value: value[key],
    onValueChange: (text: string) => {
      onChange({ ...value, [key]: text });
    },
    error: errors[key],
  });
  return (
    <div className="space-y-3">
      <Field
        label="Recipient's name"
        {...bind('recipient_name')}
        autoComplete="name"
        maxLength={100}
      />
      <Field
        label="Phone number"
        type="tel"
        inputMode="tel"
        hint="The rider calls this number, e.g. 024 123 4567."
        {...bind('phone')}
        autoComplete="tel"
        maxLength={32}
      />
      <SelectField label="Region" {...bind('region')}>
        <option value="">Choose a region</option>
        {Object.entries(REGIONS).map(([code, name]) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </SelectField>
      <Field label="City or town" {...bind('city')} autoComplete="address-level2" maxLength={80} />
      <Field
        label="Area and street"
        hint="Area, street and house, e.g. Osu, 12 Oxford Street."
        {...bind('area')}
        autoComplete="street-address"
        maxLength={160}
      />
      <Field
        label="Digital address"
        hint={DIGITAL_HINT}
        {...bind('digital_address')}
        autoCapitalize="characters"
        maxLength={16}
      />
      <Field
        label="Landmark"
        hint="Optional, e.g. opposite the Total filling station."
        {...bind('landmark')}
        maxLength={160}
      />
      <TextAreaField
        label="Directions"
        hint="Optional. How the rider finds the door."
        {...bind('directions')}
        rows={3}
        maxLength={300}
      />
    </div>
  );
}
