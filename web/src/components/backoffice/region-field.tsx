import { SelectField } from '@/components/ui/field';
import { REGIONS } from '@/lib/regions';

/** A choice of Ghana's sixteen regions (the address form's list), '' until one is chosen. */
export function RegionField({
  label = 'Region',
  value,
  onValueChange,
  error,
  hint,
  empty = 'Choose a region',
}: {
  label?: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
  hint?: string;
  /** The text of the '' option. */
  empty?: string;
}) {
  return (
    <SelectField
      label={label}
      hint={hint}
      value={value}
      onValueChange={onValueChange}
      error={error}
    >
      <option value="">{empty}</option>
      {Object.entries(REGIONS).map(([code, name]) => (
        <option key={code} value={code}>
          {name}
        </option>
      ))}
    </SelectField>
  );
}
