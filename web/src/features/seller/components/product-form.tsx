import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type SubmitEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, FormMessages } from '@/components/ui/field';
import { problemText } from '@/lib/api/problem';
import type { FieldErrors } from '@/components/backoffice/save-errors';
import { useFormSave } from '@/components/backoffice/use-form-save';
import {
  createProduct,
  deactivateProduct,
  fetchSellerProduct,
  isStockChanged,
  sellerProductQueryKey,
  sellerProductsQueryKey,
  updateProduct,
} from '../api/products';
import type { ProductInput, SellerProduct } from '../api/types';
import { inventoryError, PRICE_HINT, priceError, priceText, wasPriceError } from '../price';
import { ActiveBadge } from './active-badge';
import { CategoryPicker, type CategoryChoice, type CategoryTree } from './category-picker';
import { RichTextField } from './rich-text-field';

export const NAME_REQUIRED = 'Enter the product name.';
export const CATEGORY_REQUIRED = 'Choose a category.';
export const SAVE_FAILED = 'Failed to save the product.';
export const SAVED = 'Changes saved.';
export const ADDED = 'Product added.';
export const DEACTIVATED = 'Product deactivated: it is no longer shown in the shop.';
export const DEACTIVATE_FAILED = 'Failed to deactivate the product.';
export const RELOAD_STOCK = 'Reload the stock';
export const STOCK_RELOADED = 'Stock reloaded: change it again if you need to, then save.';
export const RELOAD_FAILED = 'Failed to reload the stock. Please try again.';

/** The server's names of the fields this form shows errors under. */
const FIELDS = [
  'name',
  'category_id',
  'subcategory_id',
  'sub_subcategory_id',
  'price',
  'was_price',
  'brand',
  'inventory',
  'description',
  'specification',
  'is_active',
] as const;

/** What a page passes on to the edit page after adding a product. */
export interface ProductNotice {
  notice?: string;
}

/**
 * Adds a product (no `product`) or edits one: name, category levels, price as typed, stock,
 * description and specification, and whether it is on sale. The price and stock are checked
 * here by the server's rules before anything is sent; the server's own field errors appear
 * under their fields. An edit sends only the fields the seller changed, and the stock only with
 * the stock the form loaded (`expected_inventory`): when orders took units meanwhile the server
 * refuses it, and the seller reloads the stock instead of undoing those orders.
 */
export function ProductForm({
  product,
  notice,
  categories,
}: {
  product?: SellerProduct;
  notice?: string;
  categories: CategoryTree;
}) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const activeErrorId = useId();
  const [name, setName] = useState(product?.name ?? '');
  const [category, setCategory] = useState<CategoryChoice>({
    category: product?.category_id ?? null,
    subcategory: product?.subcategory_id ?? null,
    subSubcategory: product?.sub_subcategory_id ?? null,
  });
  const [price, setPrice] = useState(product ? priceText(product.unit_price) : '');
  const [wasPrice, setWasPrice] = useState(product?.was_price ? priceText(product.was_price) : '');
  const [brand, setBrand] = useState(product?.brand ?? '');
  const [inventory, setInventory] = useState(product ? String(product.inventory) : '0');
  const [description, setDescription] = useState(product?.description ?? '');
  const [specification, setSpecification] = useState(product?.specification ?? '');
  const [active, setActive] = useState(product?.is_active ?? true);
  // What the server last said the product is: an edit sends only what differs from it.
  const [base, setBase] = useState(product);
  const [staleStock, setStaleStock] = useState(false);
  const { form, busy, errors, formError, setFormError, success, setSuccess, refuse, save } =
    useFormSave(FIELDS, SAVE_FAILED, notice ?? '');
  const [confirming, setConfirming] = useState(false);

  /** The checks the server would make anyway, answered at once. */
  function check(): FieldErrors {
    const found: FieldErrors = {};
    if (name.trim() === '') found.name = NAME_REQUIRED;
    if (category.category === null) found.category_id = CATEGORY_REQUIRED;
    const priceProblem = priceError(price);
    if (priceProblem) found.price = priceProblem;
    const wasProblem = wasPriceError(wasPrice, price);
    if (wasProblem) found.was_price = wasProblem;
    const stockProblem = inventoryError(inventory);
    if (stockProblem) found.inventory = stockProblem;
    return found;
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = check();
    if (Object.keys(found).length > 0 || category.category === null) {
      refuse(found);
      return;
    }
    // The three levels are sent together; a level left empty is left out (the API reads an
    // absent subcategory as none and refuses null).
    const body: ProductInput = {
      name: name.trim(),
      category_id: category.category,
      ...(category.subcategory !== null && { subcategory_id: category.subcategory }),
      ...(category.subSubcategory !== null && { sub_subcategory_id: category.subSubcategory }),
      price: price.trim(),
      // Left out when empty: a new product has no deal and no brand anyway.
      ...(wasPrice.trim() !== '' && { was_price: wasPrice.trim() }),
      ...(brand.trim() !== '' && { brand: brand.trim() }),
      inventory: Number(inventory.trim()),
      description,
      specification,
      is_active: active,
    };
    setStaleStock(false);
    await save(
      async () => {
        if (!product || !base) return createProduct(body);
        try {
          return await updateProduct(product.id, changes(base, body, category));
        } catch (e) {
          setStaleStock(isStockChanged(e));
          throw e;
        }
      },
      (saved) => {
        client.setQueryData(sellerProductQueryKey(saved.id), saved);
        void client.invalidateQueries({ queryKey: sellerProductsQueryKey });
        if (!product) {
          const state: ProductNotice = { notice: ADDED };
          void navigate(`/seller/products/${String(saved.id)}`, { replace: true, state });
          return '';
        }
        setBase(saved);
        setName(saved.name);
        setPrice(priceText(saved.unit_price));
        setWasPrice(saved.was_price ? priceText(saved.was_price) : '');
        setBrand(saved.brand);
        setInventory(String(saved.inventory));
        setActive(saved.is_active);
        return SAVED;
      },
    );
  }

  /** Loads the stock as it is now, as the stock the next edit expects; other fields stay. */
  async function reloadStock(id: number) {
    try {
      const now = await fetchSellerProduct(id);
      client.setQueryData(sellerProductQueryKey(id), now);
      setBase((b) => (b ? { ...b, inventory: now.inventory } : now));
      setInventory(String(now.inventory));
      setStaleStock(false);
      setFormError('');
      setSuccess(STOCK_RELOADED);
    } catch {
      setFormError(RELOAD_FAILED);
    }
  }

  return (
    <form
      ref={form}
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      aria-label={product ? 'Edit product' : 'New product'}
      className="max-w-3xl space-y-5 rounded-card bg-white p-4 shadow-card sm:p-6"
    >
      {product && (
        <p className="flex items-center gap-2 text-sm text-muted">
          Now: <ActiveBadge active={product.is_active} />
        </p>
      )}
      <Field
        label="Product name"
        value={name}
        onValueChange={setName}
        maxLength={200}
        required
        error={errors.name}
      />
      <CategoryPicker
        tree={categories}
        value={category}
        onChange={setCategory}
        errors={{
          category: errors.category_id,
          subcategory: errors.subcategory_id,
          subSubcategory: errors.sub_subcategory_id,
        }}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Price (GH₵)"
          hint={PRICE_HINT}
          inputMode="decimal"
          autoComplete="off"
          value={price}
          onValueChange={setPrice}
          required
          error={errors.price}
        />
        <Field
          label="Price before the deal (GH₵)"
          hint="Optional: higher than the price, shown struck through."
          inputMode="decimal"
          autoComplete="off"
          value={wasPrice}
          onValueChange={setWasPrice}
          error={errors.was_price}
        />
        <Field
          label="Brand"
          hint="Optional, e.g. Samsung."
          autoComplete="off"
          value={brand}
          onValueChange={setBrand}
          error={errors.brand}
        />
        <Field
          label="Stock"
          hint="Items you can send, 0 to 1,000,000."
          inputMode="numeric"
          autoComplete="off"
          value={inventory}
          onValueChange={setInventory}
          required
          error={errors.inventory}
        />
      </div>
      <RichTextField
        label="Description"
        initialHtml={product?.description ?? ''}
        onChange={setDescription}
        error={errors.description}
      />
      <RichTextField
        label="Specification"
        hint="Sizes, capacity, what is in the box."
        initialHtml={product?.specification ?? ''}
        onChange={setSpecification}
        error={errors.specification}
      />
      <div>
        <label className="flex min-h-tap items-center gap-3 font-semibold">
          <input
            type="checkbox"
            role="switch"
            checked={active}
            aria-describedby={errors.is_active ? activeErrorId : undefined}
            onChange={(e) => {
              setActive(e.target.checked);
            }}
            className="size-5 accent-brand-700"
          />
          Active: shown in the shop
        </label>
        {errors.is_active && (
          <p id={activeErrorId} className="text-sm font-semibold text-danger-700">
            {errors.is_active}
          </p>
        )}
      </div>
      <FormMessages error={formError} success={success} />
      {staleStock && product && (
        <Button
          variant="secondary"
          onClick={() => {
            void reloadStock(product.id);
          }}
        >
          {RELOAD_STOCK}
        </Button>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" aria-disabled={busy}>
          {busy ? 'Saving…' : product ? 'Save' : 'Add product'}
        </Button>
        {product?.is_active && (
          <Button
            variant="secondary"
            onClick={() => {
              setConfirming(true);
            }}
          >
            Deactivate
          </Button>
        )}
        <Link
          to="/seller/products"
          className="inline-flex min-h-tap items-center font-semibold text-brand-700 underline underline-offset-4"
        >
          Back to products
        </Link>
      </div>
      {confirming && product && (
        <ConfirmDeactivate
          product={product}
          onDone={(outcome) => {
            setConfirming(false);
            if (outcome === 'done') {
              setActive(false);
              setBase((b) => (b ? { ...b, is_active: false } : b));
              setFormError('');
              setSuccess(DEACTIVATED);
            } else if (outcome) {
              setSuccess('');
              setFormError(outcome);
            }
          }}
        />
      )}
    </form>
  );
}

/**
 * The part of a full form `body` that differs from `base`, the product as loaded: the category
 * levels together when any changed, the stock with the stock it was loaded with.
 */
function changes(
  base: SellerProduct,
  body: ProductInput,
  category: CategoryChoice,
): Partial<ProductInput> {
  const out: Partial<ProductInput> = {};
  if (body.name !== base.name) out.name = body.name;
  if (
    category.category !== base.category_id ||
    category.subcategory !== base.subcategory_id ||
    category.subSubcategory !== base.sub_subcategory_id
  ) {
    out.category_id = body.category_id;
    if (body.subcategory_id !== undefined) out.subcategory_id = body.subcategory_id;
    if (body.sub_subcategory_id !== undefined) out.sub_subcategory_id = body.sub_subcategory_id;
  }
  if (body.price !== priceText(base.unit_price)) out.price = body.price;
  if (body.was_price !== (base.was_price ? priceText(base.was_price) : ''))
    out.was_price = body.was_price;
  if (body.brand !== base.brand) out.brand = body.brand;
  if (body.inventory !== base.inventory) {
    out.inventory = body.inventory;
    out.expected_inventory = base.inventory;
  }
  if (body.description !== base.description) out.description = body.description;
  if (body.specification !== base.specification) out.specification = body.specification;
  if (body.is_active !== base.is_active) out.is_active = body.is_active;
  return out;
}

/** Asks before taking a product off sale; `onDone` gets 'done', an error text, or '' (kept). */
function ConfirmDeactivate({
  product,
  onDone,
}: {
  product: SellerProduct;
  onDone: (outcome: string) => void;
}) {
  const headingId = useId();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      await deactivateProduct(product.id);
      client.setQueryData<SellerProduct>(sellerProductQueryKey(product.id), (p) =>
        p ? { ...p, is_active: false } : p,
      );
      void client.invalidateQueries({ queryKey: sellerProductsQueryKey });
      onDone('done');
    } catch (e) {
      const why = problemText(e);
      onDone(why ? `${DEACTIVATE_FAILED} ${why}` : DEACTIVATE_FAILED);
    }
  }

  return (
    <Dialog
      labelledBy={headingId}
      onClose={() => {
        if (!busy) onDone('');
      }}
    >
      <h2 id={headingId} className="pr-10 text-xl font-bold">
        Deactivate {product.name}?
      </h2>
      <p className="my-4">
        It leaves the shop at once and stays in your list. To sell it again, switch Active back on
        and save.
      </p>
      <div className="flex flex-wrap justify-end gap-3">
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() => {
            onDone('');
          }}
        >
          Keep on sale
        </Button>
        <Button aria-disabled={busy} onClick={() => void (busy ? undefined : confirm())}>
          {busy ? 'Deactivating…' : 'Deactivate'}
        </Button>
      </div>
    </Dialog>
  );
}
