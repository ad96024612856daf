import { useQueryClient } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field, FormMessages, SelectField, TextAreaField } from '@/components/ui/field';
import { PageHeading } from '@/components/ui/page-heading';
import {
  adminStoresQueryKey,
  createStore,
  setStoreActive,
  useAdminStores,
  type NewStore,
  type StoreStatus,
} from '@/features/admin/api/stores';
import { CardList } from '@/components/backoffice/card-list';
import { Loaded } from '@/components/backoffice/loaded';
import type { FieldErrors } from '@/components/backoffice/save-errors';
import { useFormSave } from '@/components/backoffice/use-form-save';
import { useAction } from '@/components/backoffice/use-action';
import { formatDateTime } from '@/lib/dates';
import { useDebounced } from '@/lib/use-debounced';
import { useDocumentTitle } from '@/lib/use-document-title';

export const STORES_FAILED = 'Failed to load the stores. Please try again.';
export const OPEN_FAILED = 'Failed to open the store.';

const FIELDS = ['owner', 'name', 'description', 'contact_info', 'address'] as const;
/** The form's fields, every one a string while the owner types (the API's optional ones too). */
type StoreFields = Required<NewStore>;

const EMPTY: StoreFields = { owner: '', name: '', description: '', contact_info: '', address: '' };
const STATUSES: Record<StoreStatus, string> = {
  all: 'All stores',
  active: 'Open',
  suspended: 'Suspended',
};

/** Staff: the mall's stores — open one for a user, find one, suspend or reinstate it. */
export default function AdminStoresPage() {
  useDocumentTitle('Stores');
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StoreStatus>('all');
  const query = useDebounced(search.trim(), 300);
  const stores = useAdminStores(query, status);
  const { busy, failure, done, run } = useAction([adminStoresQueryKey]);

  return (
    <>
      <PageHeading>Stores</PageHeading>
      <OpenStoreForm />
      <h2 className="mt-8 mb-3 text-xl font-bold">The mall's stores</h2>
      <search className="mb-4 grid max-w-2xl gap-3 sm:grid-cols-[2fr_1fr]">
        <Field
          label="Find a store"
          hint="Part of the store's name or its owner's username."
          type="search"
          value={search}
          onValueChange={setSearch}
        />
        <SelectField
          label="Status"
          value={status}
          onValueChange={(v) => {
            setStatus(v as StoreStatus);
          }}
        >
          {Object.entries(STATUSES).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
      </search>
      <FormMessages error={failure} success={done} />
      <Loaded query={stores} failed={STORES_FAILED}>
        {(data) => (
          <CardList label="Stores" items={data} empty="No store matches.">
            {(store) => (
              <>
                <div className="min-w-0 flex-1 basis-56">
                  <p className="font-semibold break-words">
                    {store.name}
                    {!store.is_active && (
                      <span className="ml-2 text-sm text-danger-700">suspended</span>
                    )}
                  </p>
                  <p className="text-sm break-words text-muted">
                    Owner {store.owner} · {store.products}{' '}
                    {store.products === 1 ? 'product' : 'products'} · opened{' '}
                    {formatDateTime(store.created_at)}
                  </p>
                </div>
                <Button
                  variant="secondary"
                  aria-disabled={busy}
                  onClick={() =>
                    void run(
                      () => setStoreActive(store.id, !store.is_active),
                      store.is_active
                        ? `${store.name} is suspended: its products are hidden from shoppers.`
                        : `${store.name} is open again.`,
                    )
                  }
                >
                  {store.is_active ? `Suspend ${store.name}` : `Reinstate ${store.name}`}
                </Button>
              </>
            )}
          </CardList>
        )}
      </Loaded>
    </>
  );
}

/** Opens a store for an existing account: its owner then finds the Seller Centre in their menu. */
function OpenStoreForm() {
  const client = useQueryClient();
  const [values, setValues] = useState<StoreFields>(EMPTY);
  const { form, busy, errors, formError, success, refuse, save } = useFormSave(FIELDS, OPEN_FAILED);
  const set = (field: keyof StoreFields) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
  };

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const body: StoreFields = {
      owner: values.owner.trim(),
      name: values.name.trim(),
      description: values.description.trim(),
      contact_info: values.contact_info.trim(),
      address: values.address.trim(),
    };
    const missing: FieldErrors = {};
    if (body.owner === '') missing.owner = "Enter the owner's username.";
    if (body.name === '') missing.name = 'Enter the store name.';
    if (Object.keys(missing).length > 0) {
      refuse(missing);
      return;
    }
    await save(
      () => createStore(body),
      (store) => {
        setValues(EMPTY);
        void client.invalidateQueries({ queryKey: adminStoresQueryKey });
        return `${store.name} is open: ${store.owner} now has the Seller Centre.`;
      },
    );
  }

  return (
    <form
      ref={form}
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      aria-label="Open a store"
      className="grid max-w-2xl gap-3 rounded-card bg-white p-4 shadow-card sm:grid-cols-2 sm:p-6"
    >
      <h2 className="text-xl font-bold sm:col-span-2">Open a store</h2>
      <Field
        label="Owner's username"
        hint="An existing, active account without a store."
        value={values.owner}
        onValueChange={set('owner')}
        maxLength={150}
        autoComplete="off"
        required
        error={errors.owner}
      />
      <Field
        label="Store name"
        value={values.name}
        onValueChange={set('name')}
        maxLength={100}
        required
        error={errors.name}
      />
      <TextAreaField
        label="Description"
        value={values.description}
        onValueChange={set('description')}
        maxLength={2000}
        rows={3}
        className="sm:col-span-2"
        error={errors.description}
      />
      <Field
        label="Contact info"
        value={values.contact_info}
        onValueChange={set('contact_info')}
        maxLength={100}
        error={errors.contact_info}
      />
      <Field
        label="Address"
        value={values.address}
        onValueChange={set('address')}
        maxLength={300}
        error={errors.address}
      />
      <div className="sm:col-span-2">
        <FormMessages error={formError} success={success} />
        <Button type="submit" aria-disabled={busy} className="mt-2">
          Open store
        </Button>
      </div>
    </form>
  );
}
