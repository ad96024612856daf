import { useQueryClient } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field, FormMessages } from '@/components/ui/field';
import { Loaded } from '@/components/backoffice/loaded';
import { useAction } from '@/components/backoffice/use-action';
import { useFormSave } from '@/components/backoffice/use-form-save';
import {
  createHoliday,
  deleteHoliday,
  holidaysQueryKey,
  useHolidays,
  type Holiday,
} from '../api/delivery';
import { ConfirmDelete } from './confirm-delete';

export const HOLIDAYS_FAILED = 'Failed to load the holidays. Please try again.';
export const HOLIDAY_SAVE_FAILED = 'Failed to add the holiday.';
export const DAY_REQUIRED = 'Choose the day.';
export const NAME_REQUIRED = 'Type the name of the holiday.';

const FIELDS = ['day', 'name'] as const;

/**
 * Staff's public holidays: like Sundays, no delivery date falls on them. The coming ones first,
 * soonest first; the past year's after them, folded.
 */
export function Holidays() {
  const query = useHolidays();
  const { busy, failure, done, run, announce } = useAction([holidaysQueryKey]);
  const [deleting, setDeleting] = useState<Holiday | null>(null);
  const today = ghanaToday();
  return (
    <section aria-labelledby="holidays" className="space-y-3">
      <h2 id="holidays" className="text-xl font-bold">
        Public holidays
      </h2>
      <HolidayForm onAdded={announce} />
      <FormMessages error={failure} success={done} />
      <Loaded query={query} failed={HOLIDAYS_FAILED}>
        {(holidays) => {
          const coming = holidays.filter((h) => h.day >= today).sort(byDay);
          const past = holidays.filter((h) => h.day < today).sort((a, b) => byDay(b, a));
          const list = (items: Holiday[], label: string) => (
            <ul
              className="divide-y divide-line rounded-card bg-white shadow-card"
              aria-label={label}
            >
              {items.map((h) => (
                <li key={h.day} className="flex flex-wrap items-center gap-x-3 gap-y-1 p-3">
                  <span className="min-w-0 flex-1 basis-40">
                    <span className="block font-semibold break-words">{h.name}</span>
                    <span className="text-sm text-muted">{holidayDate(h.day)}</span>
                  </span>
                  <Button
                    variant="secondary"
                    aria-label={`Delete ${h.name}, ${holidayDate(h.day)}`}
                    onClick={() => {
                      setDeleting(h);
                    }}
                  >
                    Delete
                  </Button>
                </li>
              ))}
            </ul>
          );
          return (
            <>
              {coming.length === 0 ? (
                <p>No holidays coming: add this year&apos;s and next year&apos;s.</p>
              ) : (
                list(coming, 'Coming holidays')
              )}
              {past.length > 0 && (
                <details>
                  <summary className="inline-flex min-h-tap cursor-pointer items-center font-semibold text-brand-700">
                    Past holidays ({past.length})
                  </summary>
                  {list(past, 'Past holidays')}
                </details>
              )}
            </>
          );
        }}
      </Loaded>
      {deleting && (
        <ConfirmDelete
          what={`${deleting.name}, ${holidayDate(deleting.day)}`}
          consequence="Deliveries may then be promised for that day."
          busy={busy}
          onClose={() => {
            setDeleting(null);
          }}
          onDelete={async () => {
            await run(() => deleteHoliday(deleting.day), `${deleting.name} deleted.`);
            setDeleting(null);
          }}
        />
      )}
    </section>
  );
}

/** Today in Ghana, whose time is UTC all year: 'YYYY-MM-DD'. */
function ghanaToday(): string {
  return new Date().toISOString().slice(0, 10);
}

/** 'Fri, 25 Dec 2026' for '2026-12-25'. */
function holidayDate(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

function byDay(a: Holiday, b: Holiday) {
  return a.day.localeCompare(b.day);
}

/** The day and name of a new holiday; the fields empty again once it is added. */
function HolidayForm({ onAdded }: { onAdded: (message: string) => void }) {
  const [day, setDay] = useState('');
  const [name, setName] = useState('');
  const { form, busy, errors, formError, refuse, save } = useFormSave(FIELDS, HOLIDAY_SAVE_FAILED);
  const client = useQueryClient();

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = { day, name: name.trim() };
    const missing: Partial<Record<(typeof FIELDS)[number], string>> = {};
    if (body.day === '') missing.day = DAY_REQUIRED;
    if (body.name === '') missing.name = NAME_REQUIRED;
    if (Object.keys(missing).length > 0) {
      refuse(missing);
      return;
    }
    await save(
      () => createHoliday(body),
      (saved) => {
        setDay('');
        setName('');
        void client.invalidateQueries({ queryKey: holidaysQueryKey });
        onAdded(`${saved.name} added: ${holidayDate(saved.day)}.`);
        return '';
      },
    );
  }

  return (
    <form
      ref={form}
      aria-label="Add a holiday"
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      className="grid gap-3 rounded-card bg-white p-4 shadow-card sm:grid-cols-[auto_1fr_auto] sm:items-start"
    >
      <Field label="Day" type="date" value={day} onValueChange={setDay} error={errors.day} />
      <Field
        label="Name"
        value={name}
        onValueChange={setName}
        maxLength={100}
        error={errors.name}
      />
      <Button type="submit" aria-disabled={busy} className="sm:mt-7">
        Add holiday
      </Button>
      <div className="sm:col-span-3">
        <FormMessages error={formError} />
      </div>
    </form>
  );
}
