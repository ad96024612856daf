// Measures the built app against the budgets of design.md §5 and fails when one is exceeded:
//   initial JS of any route (entry + its static imports + the route's chunk and its imports),
//   gzip, framework included ≤ 120 KB; each lazy chunk's own JS ≤ 30 KB; all CSS ≤ 20 KB.
// Route chunks are the ones named route-* (vite.config.ts); other lazy chunks (a dialog, a menu,
// a page's below-the-fold part) load after their page is shown, so only the 30 KB limit applies.
// It reads dist/ only: index.html for the entry, and the chunks' import statements.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const KB = 1000; // as Vite reports sizes (and the stricter reading of "KB")
const BUDGET = { initial: 120 * KB, route: 30 * KB, css: 20 * KB };

const dist = fileURLToPath(new URL('../dist', import.meta.url));
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const gz = new Map();
const gzipSize = (file) => {
  if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  return gz.get(file);
};
const source = (file) => readFileSync(join(dist, file), 'utf8');

// Static imports of a chunk, as files relative to dist/ (chunks live side by side in assets/).
// The minifier quotes module names with ", ' or `.
const staticImport = /\b(?:import|export)\s*(?:[\w$*{}\s,]*?from\s*)?["'`]\.\/([^"'`]+\.js)["'`]/g;
const dynamicImport = /\bimport\(\s*["'`]\.\/([^"'`]+\.js)["'`]\s*\)/g;
const matches = (text, pattern) => [...text.matchAll(pattern)].map((m) => `assets/${m[1]}`);

function closure(roots) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const dep of matches(source(file), staticImport)) visit(dep);
  };
  roots.forEach(visit);
  return seen;
}
const total = (files) => [...files].reduce((sum, file) => sum + gzipSize(file), 0);
const kb = (bytes) => `${(bytes / KB).toFixed(1)} kB`;

const entry = [...html.matchAll(/<script[^>]+src="\/([^"]+\.js)"/g)].map((m) => m[1]);
if (entry.length === 0) throw new Error('check-size: no entry script in dist/index.html');
const initial = closure(entry);
const initialSize = total(initial);

// Lazy chunks and who loads them: a page of the Seller Centre or the staff area is loaded by its
// area's route table, itself lazy, which the page cannot show without.
const loaders = new Map();
for (const file of readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js'))) {
  for (const dep of matches(source(`assets/${file}`), dynamicImport)) {
    if (!loaders.has(dep)) loaders.set(dep, new Set());
    loaders.get(dep).add(`assets/${file}`);
  }
}
const lazy = new Set(loaders.keys());

// Every file a route needs before it shows: its own closure and that of each lazy chunk on the way
// to it from the entry.
function beforeShown(chunk, seen = new Set()) {
  if (initial.has(chunk) || seen.has(chunk)) return seen;
  for (const file of closure([chunk])) seen.add(file);
  for (const loader of loaders.get(chunk) ?? []) beforeShown(loader, seen);
  return seen;
}

const failures = [];
const rows = [['(every route) entry + framework', initialSize, initialSize]];
for (const chunk of [...lazy].filter((file) => !initial.has(file)).sort()) {
  const own = [...closure([chunk])].filter((file) => !initial.has(file));
  const ownSize = total(own);
  const name = chunk.replace(/^assets\//, '').replace(/-[\w-]{8}\.js$/, '');
  const isRoute = name.startsWith('route-');
  const routeSize = isRoute
    ? initialSize + total([...beforeShown(chunk)].filter((f) => !initial.has(f)))
    : NaN;
  rows.push([isRoute ? name : `${name} (after its page)`, ownSize, routeSize]);
  if (ownSize > BUDGET.route) failures.push(`chunk ${name}: ${kb(ownSize)} > ${kb(BUDGET.route)}`);
  if (isRoute && routeSize > BUDGET.initial) {
    failures.push(`initial JS of ${name}: ${kb(routeSize)} > ${kb(BUDGET.initial)}`);
  }
}
const css = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.css'));
const cssSize = total(css.map((f) => `assets/${f}`));
if (cssSize > BUDGET.css) failures.push(`CSS: ${kb(cssSize)} > ${kb(BUDGET.css)}`);

console.log('\nBudgets (gzip, design.md §5)      own JS    initial JS');
for (const [name, own, all] of rows) {
  const initial = Number.isNaN(all) ? '' : kb(all);
  console.log(`  ${name.padEnd(40)} ${kb(own).padStart(9)} ${initial.padStart(11)}`);
}
console.log(`  ${'CSS (all)'.padEnd(32)} ${kb(cssSize).padStart(9)}`);
console.log(
  `  limits: initial ≤ ${kb(BUDGET.initial)}, route ≤ ${kb(BUDGET.route)}, CSS ≤ ${kb(BUDGET.css)}\n`,
);
if (failures.length > 0) {
  console.error(`Over budget:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
