import type { UseQueryResult } from '@tanstack/react-query';
import { SelectField } from '@/components/ui/field';
import type { components } from '@/lib/api/schema';

type Category = components['schemas']['Category'];

/** The public category tree as the page's query holds it (the route reads it from the catalogue). */
export type CategoryTree = Pick<
  UseQueryResult<readonly Category[]>,
  'data' | 'isPending' | 'isError' | 'refetch'
>;

/** A product's place in the three category levels; the two deeper ones are optional. */
export interface CategoryChoice {
  category: number | null;
  subcategory: number | null;
  subSubcategory: number | null;
}

export const CATEGORIES_FAILED = 'Failed to load the categories.';

function children(list: readonly Category[], id: number | null): readonly Category[] {
  return list.find((c) => c.id === id)?.subcategories ?? [];
}

const toId = (value: string) => (value === '' ? null : Number(value));

/**
 * Three drop-downs, one per category level (the public category tree). Choosing a level clears
 * the levels under it; a level whose parent has no children is switched off.
 */
export function CategoryPicker({
  tree,
  value,
  onChange,
  errors,
}: {
  tree: CategoryTree;
  value: CategoryChoice;
  onChange: (value: CategoryChoice) => void;
  errors: { category?: string; subcategory?: string; subSubcategory?: string };
}) {
  const { data, isPending, isError, refetch } = tree;
  const tops = data ?? [];
  const subs = children(tops, value.category);
  const subSubs = children(subs, value.subcategory);
  const waiting = isPending ? 'Loading…' : null;

  return (
    <fieldset className="space-y-3">
      <legend className="mb-1 font-semibold">Category</legend>
      {isError && (
        <p role="alert" className="text-sm text-danger-700">
          {CATEGORIES_FAILED}{' '}
          <button
            type="button"
            onClick={() => void refetch()}
            className="inline-flex min-h-tap items-center font-semibold underline"
          >
            Try again
          </button>
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-3">
        <SelectField
          label="Main category"
          value={value.category ?? ''}
          required
          disabled={tops.length === 0}
          error={errors.category}
          onValueChange={(v) => {
            onChange({ category: toId(v), subcategory: null, subSubcategory: null });
          }}
        >
          <option value="">{waiting ?? 'Choose…'}</option>
          {tops.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Subcategory"
          value={value.subcategory ?? ''}
          disabled={subs.length === 0}
          error={errors.subcategory}
          onValueChange={(v) => {
            onChange({ ...value, subcategory: toId(v), subSubcategory: null });
          }}
        >
          <option value="">{waiting ?? (subs.length === 0 ? 'None' : 'None (optional)')}</option>
          {subs.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Sub-subcategory"
          value={value.subSubcategory ?? ''}
          disabled={subSubs.length === 0}
          error={errors.subSubcategory}
          onValueChange={(v) => {
            onChange({ ...value, subSubcategory: toId(v) });
          }}
        >
          <option value="">{waiting ?? (subSubs.length === 0 ? 'None' : 'None (optional)')}</option>
          {subSubs.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </SelectField>
      </div>
    </fieldset>
  );
}
