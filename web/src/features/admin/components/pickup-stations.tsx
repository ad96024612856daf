import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Field, FormMessages, TextAreaField } from '@/components/ui/field';
import { CardList } from '@/components/backoffice/card-list';
import { Loaded } from '@/components/backoffice/loaded';
import { RegionField } from '@/components/backoffice/region-field';
import { useFormSave } from '@/components/backoffice/use-form-save';
import type { Region } from '@/lib/regions';
import { formatPrice } from '@/lib/money';
import {
  createStation,
  deleteStation,
  pickupStationsQueryKey,
  updateStation,
  usePickupStations,
  type PickupStation,
} from '../api/delivery';
import { ConfirmDelete } from './confirm-delete';
import {
  EditorDialog,
  ListHeading,
  REGION_REQUIRED,
  RowActions,
  useRecordEditing,
} from './record-editing';

export const STATIONS_FAILED = 'Failed to load the pickup stations. Please try again.';
export const STATION_SAVE_FAILED = 'Failed to save the station.';

const FIELDS = ['name', 'region', 'city', 'address', 'hours', 'fee'] as const;
type StationDraft = Record<(typeof FIELDS)[number], string> & { is_active: boolean };

const EMPTY: StationDraft = {
  name: '',
  region: '',
  city: '',
  address: '',
  hours: '',
  fee: '',
  is_active: true,
};

/**
 * Staff's pickup stations: places a shopper may collect an order from instead of door delivery,
 * offered for addresses in their region. A hidden station is not offered any more.
 */
export function PickupStations() {
  const query = usePickupStations();
  const list = useRecordEditing<PickupStation>([pickupStationsQueryKey]);
  const { editing, deleting } = list;
  return (
    <section aria-labelledby="stations" className="space-y-3">
      <ListHeading
        id="stations"
        title="Pickup stations"
        addLabel="Add a station"
        onAdd={list.add}
      />
      <FormMessages error={list.failure} success={list.done} />
      <Loaded query={query} failed={STATIONS_FAILED}>
        {(stations) => (
          <CardList label="Pickup stations" items={stations} empty="No pickup stations yet.">
            {(station) => (
              <>
                <div className="min-w-0 flex-1 basis-48">
                  <p className="font-semibold break-words">
                    {station.name}
                    {!station.is_active && (
                      <span className="ml-2 text-sm text-danger-700">hidden</span>
                    )}
                  </p>
                  <p className="text-sm break-words">
                    {station.address}, {station.city}, {station.region_name}
                  </p>
                  <p className="text-sm break-words text-muted">
                    {station.fee === 0 ? 'Free' : formatPrice(station.fee)}
                    {station.hours && ` · ${station.hours}`}
                  </p>
                </div>
                <RowActions
                  name={station.name}
                  onEdit={() => {
                    list.edit(station);
                  }}
                  onDelete={() => {
                    list.askDelete(station);
                  }}
                />
              </>
            )}
          </CardList>
        )}
      </Loaded>
      {editing && (
        <StationDialog station={editing === 'new' ? null : editing} onClose={list.closeEditor} />
      )}
      {deleting && (
        <ConfirmDelete
          what={deleting.name}
          consequence="Shoppers can no longer choose it; orders that chose it keep its name, address and hours."
          busy={list.busy}
          onClose={list.cancelDelete}
          onDelete={() =>
            list.remove(() => deleteStation(deleting.id), `${deleting.name} deleted.`)
          }
        />
      )}
    </section>
  );
}

/** Adds a station, or changes `station`; `onClose` gets the success line ('' when cancelled). */
function StationDialog({
  station,
  onClose,
}: {
  station: PickupStation | null;
  onClose: (message: string) => void;
}) {
  const client = useQueryClient();
  const [draft, setDraft] = useState<StationDraft>(
    station ? { ...station, fee: String(station.fee) } : EMPTY,
  );
  const { form, busy, errors, formError, refuse, save } = useFormSave(FIELDS, STATION_SAVE_FAILED);
  const set = (field: (typeof FIELDS)[number]) => (value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
  };

  async function onSubmit() {
    if (draft.region === '') {
      refuse({ region: REGION_REQUIRED });
      return;
    }
    // The fee goes as typed: the server reads cedis and says what is wrong with it.
    const body = {
      name: draft.name.trim(),
      region: draft.region as Region,
      city: draft.city.trim(),
      address: draft.address.trim(),
      hours: draft.hours.trim(),
      fee: draft.fee.trim(),
      is_active: draft.is_active,
    };
    await save(
      () => (station ? updateStation(station.id, body) : createStation(body)),
      (saved) => {
        void client.invalidateQueries({ queryKey: pickupStationsQueryKey });
        onClose(station ? `${saved.name} saved.` : `${saved.name} added.`);
        return '';
      },
    );
  }

  return (
    <EditorDialog
      title={station ? `Edit ${station.name}` : 'Add a pickup station'}
      busy={busy}
      formRef={form}
      formError={formError}
      onSubmit={onSubmit}
      onClose={() => {
        onClose('');
      }}
    >
      <Field
        label="Name"
        value={draft.name}
        onValueChange={set('name')}
        maxLength={100}
        error={errors.name}
      />
      <RegionField value={draft.region} onValueChange={set('region')} error={errors.region} />
      <Field
        label="City or town"
        value={draft.city}
        onValueChange={set('city')}
        maxLength={80}
        error={errors.city}
      />
      <TextAreaField
        label="Address"
        hint="Street and landmark, as the shopper will look for it."
        value={draft.address}
        onValueChange={set('address')}
        maxLength={300}
        rows={2}
        error={errors.address}
      />
      <Field
        label="Opening hours"
        hint="e.g. Mon–Sat 8:00–18:00"
        value={draft.hours}
        onValueChange={set('hours')}
        maxLength={100}
        error={errors.hours}
      />
      <Field
        label="Fee in GH₵"
        hint="0 for free pickup."
        inputMode="decimal"
        value={draft.fee}
        onValueChange={set('fee')}
        error={errors.fee}
      />
      <label className="flex min-h-tap items-center gap-3 font-semibold">
        <input
          type="checkbox"
          checked={draft.is_active}
          onChange={(e) => {
            setDraft((d) => ({ ...d, is_active: e.target.checked }));
          }}
          className="size-5 accent-brand-700"
        />
        Offer it to shoppers
      </label>
    </EditorDialog>
  );
}
