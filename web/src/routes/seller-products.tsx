import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import { Field, SelectField } from '@/components/ui/field';
import { PageHeading } from '@/components/ui/page-heading';
import { Price } from '@/components/ui/price';
import { StockBadge } from '@/components/ui/stock-badge';
import { Thumbnail } from '@/components/ui/thumbnail';
import {
  PRODUCTS_PAGE_SIZE,
  sellerProductsQueryKey,
  useSellerProducts,
} from '@/features/seller/api/products';
import type { ProductStatus } from '@/features/seller/api/types';
import { ActiveBadge } from '@/features/seller/components/active-badge';
import { BulkBar } from '@/features/seller/components/bulk-bar';
import { Loaded } from '@/components/backoffice/loaded';
import { Pager } from '@/components/backoffice/pager';
import { useDebounced } from '@/lib/use-debounced';
import { useDocumentTitle } from '@/lib/use-document-title';

export const PRODUCTS_FAILED = 'Failed to load your products. Please try again.';

const STATUSES: readonly { value: ProductStatus; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
  { value: 'out_of_stock', label: 'Out of stock' },
];

/** Typing pauses this long before the list is searched. */
export const SEARCH_DELAY_MS = 300;

function readStatus(value: string | null): ProductStatus {
  return STATUSES.find((s) => s.value === value)?.value ?? 'all';
}

/**
 * Seller Centre: the store's products, active or not, searched and filtered by status (both kept
 * in the address, so a reload or a link keeps them), a page at a time.
 */
export default function SellerProductsPage() {
  useDocumentTitle('Your products');
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const status = readStatus(params.get('status'));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [text, setText] = useState(search);
  const typed = useDebounced(text, SEARCH_DELAY_MS);
  const query = useSellerProducts({
    search,
    status,
    page,
  });
  const queryClient = useQueryClient();
  // The products chosen for a bulk action: on this page only, forgotten when the page changes.
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const listKey = `${search}|${status}|${String(page)}`;
  const [chosenFor, setChosenFor] = useState(listKey);
  if (chosenFor !== listKey) {
    setChosenFor(listKey);
    setChosen(new Set());
  }

  function toggle(id: number, on: boolean) {
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  function update(changes: Record<string, string>) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (
            value === '' ||
            (key === 'status' && value === 'all') ||
            (key === 'page' && value === '1')
          )
            next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  }

  // The typed text goes to the address after a pause, back on the first page.
  useEffect(() => {
    const term = typed.trim();
    if (term !== search) update({ search: term, page: '1' });
    // Only when the typing settles, not when the address changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed]);

  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-x-3">
        <PageHeading>Products</PageHeading>
        <div className="flex flex-wrap gap-2">
          <ButtonLink variant="secondary" to="/seller/products/import">
            Import / export
          </ButtonLink>
          <ButtonLink to="/seller/products/new">Add product</ButtonLink>
        </div>
      </div>
      <div
        role="search"
        aria-label="Filter your products"
        className="mb-4 grid gap-3 sm:grid-cols-[1fr_14rem]"
      >
        <Field
          label="Search your products"
          type="search"
          value={text}
          onValueChange={setText}
          autoComplete="off"
        />
        <SelectField
          label="Status"
          value={status}
          onValueChange={(value) => {
            update({ status: value, page: '1' });
          }}
        >
          {STATUSES.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </SelectField>
      </div>
      <Loaded query={query} failed={PRODUCTS_FAILED}>
        {(data) =>
          data.results.length === 0 ? (
            <p className="rounded-card bg-white p-6 text-center shadow-card">
              {search !== '' || status !== 'all'
                ? 'No products match.'
                : 'You have no products yet.'}
            </p>
          ) : (
            <>
              <label className="mb-2 inline-flex min-h-tap items-center gap-2 font-semibold">
                <input
                  type="checkbox"
                  className="size-5"
                  checked={data.results.every((p) => chosen.has(p.id))}
                  onChange={(e) => {
                    setChosen(new Set(e.target.checked ? data.results.map((p) => p.id) : []));
                  }}
                />
                Choose all on this page
              </label>
              <ul
                aria-label="Your products"
                aria-busy={query.isPlaceholderData}
                className="divide-y divide-line rounded-card bg-white shadow-card"
              >
                {data.results.map((product) => (
                  <li
                    key={product.id}
                    className="flex flex-wrap items-center gap-3 p-3 sm:flex-nowrap"
                  >
                    <input
                      type="checkbox"
                      className="size-5"
                      aria-label={`Choose ${product.name}`}
                      checked={chosen.has(product.id)}
                      onChange={(e) => {
                        toggle(product.id, e.target.checked);
                      }}
                    />
                    <Thumbnail src={product.images[0]?.image} className="size-16" />
                    <div className="min-w-0 flex-1 basis-40 space-y-1">
                      <p className="font-semibold break-words">{product.name}</p>
                      <div className="flex flex-wrap items-center gap-2">
                        <ActiveBadge active={product.is_active} />
                        <StockBadge inventory={product.inventory} />
                      </div>
                    </div>
                    <Price amount={product.unit_price} className="whitespace-nowrap" />
                    <Link
                      to={`/seller/products/${String(product.id)}`}
                      aria-label={`Edit ${product.name}`}
                      className="inline-flex min-h-tap items-center rounded-control px-3 font-semibold text-brand-700 underline underline-offset-4 hover:bg-brand-50"
                    >
                      Edit
                    </Link>
                  </li>
                ))}
              </ul>
              <Pager
                page={page}
                data={data}
                pageSize={PRODUCTS_PAGE_SIZE}
                onPage={(p) => {
                  update({ page: String(p) });
                }}
              />
              {chosen.size > 0 && (
                <BulkBar
                  ids={[...chosen]}
                  names={(id) =>
                    data.results.find((p) => p.id === id)?.name ?? `Product ${String(id)}`
                  }
                  onDone={() => {
                    setChosen(new Set());
                    void queryClient.invalidateQueries({ queryKey: sellerProductsQueryKey });
                  }}
                />
              )}
            </>
          )
        }
      </Loaded>
    </>
  );
}
