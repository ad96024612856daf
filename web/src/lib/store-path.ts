/** A store as its address needs it. */
interface Named {
  id: number;
  name: string;
}

/** The name as address words: 'Ébène Beauty & Co.' → 'ebene-beauty-co'. */
function slugWords(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * A store's page, `/stores/<id>-<name words>`. The id finds the store and the words are for people
 * and search engines, so a store keeps its address (no stored slug) and a link made before a
 * rename still finds it (the page then moves to the current words).
 */
export function storePath(store: Named): string {
  const words = slugWords(store.name);
  return `/stores/${String(store.id)}${words ? `-${words}` : ''}`;
}

/** The store id an address's `:storeSlug` starts with; 0 when it starts with none. */
export function storeIdOf(slug: string | undefined): number {
  const digits = /^(\d+)(?:-|$)/.exec(slug ?? '')?.[1];
  const id = Number(digits);
  return digits && Number.isSafeInteger(id) ? id : 0;
}
