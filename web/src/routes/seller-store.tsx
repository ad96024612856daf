import { useQueryClient } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { LoadError } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field, FormMessages, TextAreaField } from '@/components/ui/field';
import { Loading } from '@/components/ui/loading';
import { PageHeading } from '@/components/ui/page-heading';
import { DetailSkeleton } from '@/components/ui/skeleton';
import { useFormSave } from '@/components/backoffice/use-form-save';
import { DeliverySettings } from '@/features/seller/components/delivery-settings';
import { PayOnDeliverySetting } from '@/features/seller/components/pay-on-delivery-setting';
import {
  sellerStoreQueryKey,
  updateStore,
  uploadStoreLogo,
  useSellerStore,
} from '@/features/seller/api/store';
import { ImageFileInput } from '@/components/backoffice/image-file-input';
import { useAction } from '@/components/backoffice/use-action';
import type { SellerStore } from '@/features/seller/api/types';
import { meQueryKey } from '@/lib/auth/me';
import { useDocumentTitle } from '@/lib/use-document-title';

export const STORE_FAILED = 'Failed to load your store. Please try again.';
export const STORE_SAVE_FAILED = 'Failed to save the store profile.';
export const STORE_SAVED = 'Store profile saved.';
export const NAME_REQUIRED = 'Enter the store name.';
export const LOGO_SAVED = 'Logo uploaded: product pages show it now.';

const FIELDS = ['name', 'description', 'contact_info', 'address'] as const;
const LIMITS = { name: 100, description: 2000, contact_info: 100, address: 300 } as const;

/** Seller Centre: the store's public profile (the store card on every product page). */
export default function SellerStorePage() {
  useDocumentTitle('Store profile');
  const { data: store, isPending, isError, refetch } = useSellerStore();

  let content;
  if (isPending) {
    content = (
      <Loading>
        <DetailSkeleton />
      </Loading>
    );
  } else if (isError) {
    content = <LoadError text={STORE_FAILED} onRetry={() => void refetch()} />;
  } else {
    content = (
      <>
        <LogoEditor store={store} />
        <StoreForm key={store.id} store={store} />
        <DeliverySettings key={`delivery-${String(store.id)}`} store={store} />
        <PayOnDeliverySetting store={store} />
      </>
    );
  }
  return (
    <>
      <PageHeading>Store profile</PageHeading>
      {content}
    </>
  );
}

function StoreForm({ store }: { store: SellerStore }) {
  const client = useQueryClient();
  const [values, setValues] = useState({
    name: store.name,
    description: store.description,
    contact_info: store.contact_info,
    address: store.address,
  });
  const { form, busy, errors, formError, success, setSuccess, refuse, save } = useFormSave(
    FIELDS,
    STORE_SAVE_FAILED,
  );

  function set(field: (typeof FIELDS)[number]) {
    return (value: string) => {
      setValues((v) => ({ ...v, [field]: value }));
      setSuccess('');
    };
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = {
      name: values.name.trim(),
      description: values.description.trim(),
      contact_info: values.contact_info.trim(),
      address: values.address.trim(),
    };
    if (body.name === '') {
      refuse({ name: NAME_REQUIRED });
      return;
    }
    await save(
      () => updateStore(body),
      (saved) => {
        client.setQueryData(sellerStoreQueryKey, saved);
        // The header of the Seller Centre shows the store's name from `me`.
        void client.invalidateQueries({ queryKey: meQueryKey });
        setValues({
          name: saved.name,
          description: saved.description,
          contact_info: saved.contact_info,
          address: saved.address,
        });
        return STORE_SAVED;
      },
    );
  }

  return (
    <form
      ref={form}
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      aria-label="Store profile"
      className="max-w-2xl space-y-4 rounded-card bg-white p-4 shadow-card sm:p-6"
    >
      <Field
        label="Store name"
        value={values.name}
        onValueChange={set('name')}
        maxLength={LIMITS.name}
        required
        error={errors.name}
      />
      <TextAreaField
        label="Description"
        hint="Shown on the store card of your product pages."
        value={values.description}
        onValueChange={set('description')}
        maxLength={LIMITS.description}
        rows={5}
        error={errors.description}
      />
      <Field
        label="Contact information"
        hint="A phone number or e-mail address shoppers can reach you on."
        value={values.contact_info}
        onValueChange={set('contact_info')}
        maxLength={LIMITS.contact_info}
        error={errors.contact_info}
      />
      <TextAreaField
        label="Address"
        value={values.address}
        onValueChange={set('address')}
        maxLength={LIMITS.address}
        rows={2}
        autoComplete="street-address"
        error={errors.address}
      />
      <FormMessages error={formError} success={success} />
      <Button type="submit" aria-disabled={busy}>
        {busy ? 'Saving…' : 'Save'}
      </Button>
    </form>
  );
}

/** The store's logo and its replacement by an uploaded picture, saved at once. */
function LogoEditor({ store }: { store: SellerStore }) {
  const { busy, failure, done, run, refuse } = useAction([sellerStoreQueryKey]);
  return (
    <section
      aria-label="Logo"
      className="mb-4 flex max-w-2xl flex-wrap items-center gap-4 rounded-card bg-white p-4 shadow-card sm:p-6"
    >
      {store.logo ? (
        <img
          src={store.logo}
          alt={`${store.name} logo`}
          width={96}
          height={96}
          className="size-24 rounded-control bg-brand-50 object-contain p-1"
        />
      ) : (
        <p className="text-muted">No logo yet.</p>
      )}
      <div>
        <ImageFileInput
          label={store.logo ? 'Replace the logo' : 'Upload a logo'}
          disabled={busy}
          onFile={(file) => void run(() => uploadStoreLogo(file), LOGO_SAVED)}
          onRefused={refuse}
        />
        <p className="mt-1 text-sm text-muted">
          A square JPEG, PNG or WebP, at least 200 × 200 pixels.
        </p>
        <FormMessages error={failure} success={done} />
      </div>
    </section>
  );
}
