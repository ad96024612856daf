import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Field, FormMessages } from '@/components/ui/field';
import { Loaded } from '@/components/backoffice/loaded';
import { RegionField } from '@/components/backoffice/region-field';
import { useFormSave } from '@/components/backoffice/use-form-save';
import type { Region } from '@/lib/regions';
import { formatPrice } from '@/lib/money';
import {
  createZone,
  deleteZone,
  deliveryZonesQueryKey,
  updateZone,
  useDeliveryZones,
  type DeliveryZone,
} from '../api/delivery';
import { ConfirmDelete } from './confirm-delete';
import {
  EditorDialog,
  ListHeading,
  REGION_REQUIRED,
  RowActions,
  useRecordEditing,
} from './record-editing';

export const ZONES_FAILED = 'Failed to load the delivery zones. Please try again.';
export const ZONE_SAVE_FAILED = 'Failed to save the zone.';
export const DAYS_INVALID = 'Type a whole number of working days, from 0 to 30.';

const FIELDS = ['region', 'city', 'fee', 'days_min', 'days_max'] as const;
type ZoneDraft = Record<(typeof FIELDS)[number], string>;

const EMPTY: ZoneDraft = { region: '', city: '', fee: '', days_min: '', days_max: '' };

/** 'Greater Accra — Accra', or 'Greater Accra — whole region'. */
export function zoneName(zone: DeliveryZone): string {
  return `${zone.region_name} — ${zone.city || 'whole region'}`;
}

/** '1–2 working days', '1 working day', 'same day'. */
export function daysText(min: number, max: number): string {
  if (max === 0) return 'same day';
  const range = min === max ? String(max) : `${String(min)}–${String(max)}`;
  return `${range} working ${max === 1 ? 'day' : 'days'}`;
}

/** The zones as region groups, in the server's order (by region, then city). */
function byRegion(zones: readonly DeliveryZone[]): [string, DeliveryZone[]][] {
  const groups = new Map<string, DeliveryZone[]>();
  for (const zone of zones) {
    const group = groups.get(zone.region_name);
    if (group) group.push(zone);
    else groups.set(zone.region_name, [zone]);
  }
  return [...groups];
}

/**
 * Staff's delivery zones: a region's fee and promised working days, or a city's within it (a city
 * without its own zone takes the region's). A region without any zone gets no delivery.
 */
export function DeliveryZones() {
  const query = useDeliveryZones();
  const list = useRecordEditing<DeliveryZone>([deliveryZonesQueryKey]);
  const { editing, deleting } = list;
  return (
    <section aria-labelledby="zones" className="space-y-3">
      <ListHeading id="zones" title="Delivery zones" addLabel="Add a zone" onAdd={list.add} />
      <p className="text-sm text-muted">
        A city without its own zone takes its region&apos;s. Shops cannot deliver to a region
        without a zone.
      </p>
      <FormMessages error={list.failure} success={list.done} />
      <Loaded query={query} failed={ZONES_FAILED}>
        {(zones) =>
          zones.length === 0 ? (
            <p>No zones yet: no store can deliver anywhere.</p>
          ) : (
            byRegion(zones).map(([region, group]) => (
              <div key={region}>
                <h3 className="mb-2 font-bold">{region}</h3>
                <ul className="space-y-2" aria-label={`Zones of ${region}`}>
                  {group.map((zone) => (
                    <li
                      key={zone.id}
                      className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-card bg-white p-3 shadow-card"
                    >
                      <div className="min-w-0 flex-1 basis-40">
                        <p className="font-semibold break-words">{zone.city || 'Whole region'}</p>
                        <p className="text-sm text-muted">
                          {zone.fee === 0 ? 'Free' : formatPrice(zone.fee)} ·{' '}
                          {daysText(zone.days_min, zone.days_max)}
                        </p>
                      </div>
                      <RowActions
                        name={zoneName(zone)}
                        onEdit={() => {
                          list.edit(zone);
                        }}
                        onDelete={() => {
                          list.askDelete(zone);
                        }}
                      />
                    </li>
                  ))}
                </ul>
              </div>
            ))
          )
        }
      </Loaded>
      {editing && (
        <ZoneDialog zone={editing === 'new' ? null : editing} onClose={list.closeEditor} />
      )}
      {deleting && (
        <ConfirmDelete
          what={`the zone ${zoneName(deleting)}`}
          consequence="Orders already placed keep their fee and dates; new ones there take the region's zone, or get no delivery."
          busy={list.busy}
          onClose={list.cancelDelete}
          onDelete={() =>
            list.remove(() => deleteZone(deleting.id), `Zone ${zoneName(deleting)} deleted.`)
          }
        />
      )}
    </section>
  );
}

/** A whole number of days 0–30 as typed, else null. */
function days(text: string): number | null {
  const value = text.trim();
  return /^\d{1,2}$/.test(value) && Number(value) <= 30 ? Number(value) : null;
}

/** Adds a zone, or changes `zone`; `onClose` gets the success line ('' when cancelled). */
function ZoneDialog({
  zone,
  onClose,
}: {
  zone: DeliveryZone | null;
  onClose: (message: string) => void;
}) {
  const client = useQueryClient();
  const [draft, setDraft] = useState<ZoneDraft>(
    zone
      ? {
          region: zone.region,
          city: zone.city,
          fee: String(zone.fee),
          days_min: String(zone.days_min),
          days_max: String(zone.days_max),
        }
      : EMPTY,
  );
  const { form, busy, errors, formError, refuse, save } = useFormSave(FIELDS, ZONE_SAVE_FAILED);
  const set = (field: keyof ZoneDraft) => (value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
  };

  async function onSubmit() {
    const min = days(draft.days_min);
    const max = days(draft.days_max);
    const found: Partial<ZoneDraft> = {};
    if (draft.region === '') found.region = REGION_REQUIRED;
    if (min === null) found.days_min = DAYS_INVALID;
    if (max === null) found.days_max = DAYS_INVALID;
    if (Object.keys(found).length > 0 || min === null || max === null) {
      refuse(found);
      return;
    }
    // The fee goes as typed: the server reads cedis ('25', '25.50', 'GH₵ 1,000') and says what is wrong.
    const body = {
      region: draft.region as Region,
      city: draft.city.trim(),
      fee: draft.fee.trim(),
      days_min: min,
      days_max: max,
    };
    await save(
      () => (zone ? updateZone(zone.id, body) : createZone(body)),
      (saved) => {
        void client.invalidateQueries({ queryKey: deliveryZonesQueryKey });
        onClose(zone ? `Zone ${zoneName(saved)} saved.` : `Zone ${zoneName(saved)} added.`);
        return '';
      },
    );
  }

  return (
    <EditorDialog
      title={zone ? `Edit the zone ${zoneName(zone)}` : 'Add a delivery zone'}
      busy={busy}
      formRef={form}
      formError={formError}
      onSubmit={onSubmit}
      onClose={() => {
        onClose('');
      }}
    >
      <RegionField value={draft.region} onValueChange={set('region')} error={errors.region} />
      <Field
        label="City or town (optional)"
        hint="Leave empty for the whole region."
        value={draft.city}
        onValueChange={set('city')}
        maxLength={80}
        error={errors.city}
      />
      <Field
        label="Fee in GH₵"
        hint="0 for free delivery."
        inputMode="decimal"
        value={draft.fee}
        onValueChange={set('fee')}
        error={errors.fee}
      />
      <fieldset>
        <legend className="mb-1 font-semibold">Arrives in (working days)</legend>
        <div className="grid grid-cols-2 gap-3">
          <Field
            label="At least"
            inputMode="numeric"
            value={draft.days_min}
            onValueChange={set('days_min')}
            error={errors.days_min}
          />
          <Field
            label="At most"
            inputMode="numeric"
            value={draft.days_max}
            onValueChange={set('days_max')}
            error={errors.days_max}
          />
        </div>
      </fieldset>
    </EditorDialog>
  );
}
