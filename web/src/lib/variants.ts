// Products with options (issue 24, /work contract "variants"): the shapes the API sends and the
// pure rules the pickers and lines share. A product without options has `options: []` and
// `variants: []`: it is its own single variant and everything works as before.

import type { components } from '@/lib/api/schema';

/** One option of a product, its values in the seller's order. */
export type ProductOption = components['schemas']['ProductOption'];

/**
 * One combination of option values (`options` in option order), with its own price, stock,
 * SKU, active flag and pictures (`image_ids` of the product's images; [] = the gallery). */
export type ProductVariant = components['schemas']['Variant'];

/** A chosen option on a bag or order line (a snapshot on orders). */
export type ChosenOption = components['schemas']['OptionValue'];

/** What the variants add to a product (absent in answers from before them). */
export interface WithVariants {
  options?: ProductOption[];
  price_varies?: boolean;
  variants?: ProductVariant[];
}

/** "256 GB · Blue": a line's chosen options, or '' without options. */
export function optionsLabel(options: readonly (ChosenOption | string)[] | null | undefined) {
  return (options ?? []).map((o) => (typeof o === 'string' ? o : o.value)).join(' · ');
}

/** A choice in progress: one value (or null, not yet chosen) per option. */
export type Choice = readonly (string | null)[];

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The variant whose values are exactly the choice, or undefined (incomplete or absent). */
export function variantOf(variants: readonly ProductVariant[], choice: Choice) {
  if (choice.some((v) => v === null)) return undefined;
  return variants.find((v) => v.options.every((value, i) => same(value, choice[i] ?? '')));
}

/** The choice a variant stands for. */
export function choiceOf(variant: ProductVariant | undefined, count: number): Choice {
  return Array.from({ length: count }, (_, i) => variant?.options[i] ?? null);
}

/**
 * Whether picking `value` for option `index` (the other options as chosen) can be bought:
 * 'ok'; 'sold-out' when every matching active variant has no stock; 'absent' when no active
 * variant has it (the combination does not exist or the seller switched it off).
 */
export type ValueState = 'ok' | 'sold-out' | 'absent';

export function valueState(
  variants: readonly ProductVariant[],
  choice: Choice,
  index: number,
  value: string,
): ValueState {
  const matching = variants.filter(
    (v) =>
      v.active &&
      v.options.every((own, i) => {
        const wanted = i === index ? value : choice[i];
        return wanted === null || wanted === undefined || same(own, wanted);
      }),
  );
  if (matching.length === 0) return 'absent';
  return matching.some((v) => v.inventory > 0) ? 'ok' : 'sold-out';
}

/** The first value of each option that leads to a variant in stock: a sensible opening choice. */
export function firstInStock(variants: readonly ProductVariant[]) {
  return variants.find((v) => v.active && v.inventory > 0);
}

// Colour names sellers use, to CSS colours for swatches; anything else is a text button.
const COLOURS: Record<string, string> = {
  black: '#111111',
  white: '#ffffff',
  grey: '#8a8a8a',
  gray: '#8a8a8a',
  silver: '#c0c0c0',
  gold: '#d4af37',
  'rose gold': '#b76e79',
  red: '#c62828',
  blue: '#1e5bc6',
  navy: '#1b2a4a',
  green: '#2e7d32',
  yellow: '#f4d03f',
  orange: '#ef6c00',
  purple: '#6a1b9a',
  pink: '#f48fb1',
  brown: '#6d4c41',
  beige: '#e8dcc0',
  cream: '#fdf6e3',
  teal: '#00897b',
  titanium: '#878681',
  midnight: '#1c2331',
  starlight: '#f3efe6',
};

/** Whether an option is a colour (its values get swatches). */
export function isColourOption(name: string) {
  return /^colou?r$/i.test(name.trim());
}

/** The CSS colour of a colour name ('Space Black' → black's), or null when unknown. */
export function cssColour(value: string): string | null {
  const name = value.trim().toLowerCase();
  if (COLOURS[name]) return COLOURS[name];
  const last = Object.keys(COLOURS).find((key) => name.endsWith(` ${key}`));
  return last ? (COLOURS[last] ?? null) : null;
}
