import { useState, type SubmitEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field, FormMessages, SelectField } from '@/components/ui/field';
import { ImageFileInput } from '@/components/backoffice/image-file-input';
import { Loaded } from '@/components/backoffice/loaded';
import { useAction } from '@/components/backoffice/use-action';
import {
  adminCategoriesQueryKey,
  createCategory,
  updateCategory,
  uploadCategoryImage,
  useAdminCategories,
  type AdminCategory,
} from '@/features/admin/api/catalogue';
import { categoriesQueryKey } from '@/features/catalog/api/get-categories';
import { smallest } from '@/lib/responsive-image';
import { useDocumentTitle } from '@/lib/use-document-title';

export const CATEGORIES_FAILED = 'Failed to load the categories. Please try again.';

/** The categories in tree order: each parent followed by its children, depth first. */
function treeOrder(all: readonly AdminCategory[]): AdminCategory[] {
  const out: AdminCategory[] = [];
  const visit = (parent: number | null) => {
    for (const c of all.filter((x) => x.parent === parent)) {
      out.push(c);
      visit(c.id);
    }
  };
  visit(null);
  return out;
}

/** Staff: the three-level category tree — add, rename, reorder, show or hide, card images. */
export default function AdminCategoriesPage() {
  useDocumentTitle('Categories');
  const query = useAdminCategories();
  const { busy, failure, done, run, refuse } = useAction([
    adminCategoriesQueryKey,
    categoriesQueryKey,
  ]);
  return (
    <Loaded title="Categories" query={query} failed={CATEGORIES_FAILED}>
      {(data) => {
        const ordered = treeOrder(data);
        return (
          <>
            <NewCategory categories={ordered} busy={busy} run={run} />
            <FormMessages error={failure} success={done} />
            <ul className="mt-4 space-y-2" aria-label="Categories">
              {ordered.map((c) => (
                <CategoryRow key={c.id} category={c} busy={busy} run={run} onRefused={refuse} />
              ))}
            </ul>
          </>
        );
      }}
    </Loaded>
  );
}

type Run = (change: () => Promise<unknown>, message: string) => Promise<boolean>;

function NewCategory({
  categories,
  busy,
  run,
}: {
  categories: AdminCategory[];
  busy: boolean;
  run: Run;
}) {
  const [name, setName] = useState('');
  const [parent, setParent] = useState('');
  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = { name: name.trim(), ...(parent !== '' && { parent: Number(parent) }) };
    if (await run(() => createCategory(body), `“${body.name}” added.`)) setName('');
  }
  return (
    <form
      aria-label="Add a category"
      onSubmit={(e) => void submit(e)}
      className="grid gap-3 rounded-card bg-white p-4 shadow-card sm:grid-cols-[1fr_1fr_auto] sm:items-end"
    >
      <Field label="New category name" value={name} onValueChange={setName} maxLength={100} />
      <SelectField label="Inside" value={parent} onValueChange={setParent}>
        <option value="">Top level</option>
        {categories
          .filter((c) => c.level < 3)
          .map((c) => (
            <option key={c.id} value={c.id}>
              {'— '.repeat(c.level - 1) + c.name}
            </option>
          ))}
      </SelectField>
      <Button type="submit" aria-disabled={busy}>
        Add category
      </Button>
    </form>
  );
}

function CategoryRow({
  category: c,
  busy,
  run,
  onRefused,
}: {
  category: AdminCategory;
  busy: boolean;
  run: Run;
  onRefused: (reason: string) => void;
}) {
  const [name, setName] = useState(c.name);
  const [position, setPosition] = useState(String(c.position));
  const image = c.images[0]?.image;
  return (
    <li
      className="rounded-card bg-white p-3 shadow-card"
      style={{ marginInlineStart: `${String((c.level - 1) * 1.25)}rem` }}
    >
      <article aria-label={c.name} className="flex flex-wrap items-end gap-3">
        {image ? (
          <img
            src={smallest(image)}
            alt=""
            width={48}
            height={48}
            className="size-12 object-contain"
          />
        ) : (
          <span className="size-12 rounded-control bg-brand-50" aria-hidden="true" />
        )}
        <Field
          label="Name"
          value={name}
          onValueChange={setName}
          maxLength={100}
          className="min-w-40 flex-1"
        />
        <Field
          label="Position"
          inputMode="numeric"
          value={position}
          onValueChange={setPosition}
          className="w-24"
        />
        <Button
          variant="secondary"
          aria-disabled={busy}
          aria-label={`Save ${c.name}`}
          onClick={() =>
            void run(
              () => updateCategory(c.id, { name: name.trim(), position: Number(position) }),
              `“${name.trim()}” saved.`,
            )
          }
        >
          Save
        </Button>
        <Button
          variant="secondary"
          aria-disabled={busy}
          aria-label={c.is_active ? `Hide ${c.name}` : `Show ${c.name}`}
          onClick={() =>
            void run(
              () => updateCategory(c.id, { is_active: !c.is_active }),
              `“${c.name}” ${c.is_active ? 'hidden from the shop' : 'shown in the shop'}.`,
            )
          }
        >
          {c.is_active ? 'Hide' : 'Show'}
        </Button>
        {!c.is_active && <span className="text-sm font-semibold text-danger-700">hidden</span>}
        <div className="w-full sm:w-auto">
          <ImageFileInput
            label={`Card image for ${c.name}`}
            disabled={busy}
            onFile={(file) =>
              void run(() => uploadCategoryImage(c.id, file), `Image added to “${c.name}”.`)
            }
            onRefused={onRefused}
          />
        </div>
      </article>
    </li>
  );
}
