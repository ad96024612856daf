import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { constants, brotliCompressSync, gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

// `npm run dev` serves the app with hot reload and forwards API and operations calls to a running
// `dwa serve` (DWA_API_URL, default http://127.0.0.1:8080).
const apiTarget = process.env.DWA_API_URL ?? 'http://127.0.0.1:8080';

// The app chunk's folders, and the lazy parts inside them that stay out (see codeSplitting below).
const APP =
  /[\\/]src[\\/](app|components(?![\\/]backoffice[\\/])|lib|features[\\/](catalog|search|wishlist))[\\/]/;
const OUTSIDE_APP =
  /[\\/]src[\\/](features[\\/]catalog[\\/]components[\\/](product-details|product-sections|review-form|product-gallery|hero-carousel|category-grid|variant-picker)|features[\\/]search[\\/]empty[\\/]|features[\\/]wishlist[\\/](components[\\/]wishlist-heart|api[\\/]offline-queue)|app[\\/](seller|admin)-routes|components[\\/](address-view|line-options|waiting-list)|lib[\\/](regions|delivery-dates|online|sanitize|offline-queue|variants))/;

// The entry module goes into the app chunk too: on its own it was a 0.4 kB file, whose request
// and answer headers cost more than its body on every first visit (docs/decisions/0025).
const ENTRY = /[\\/]src[\\/]main\.tsx$/;

/**
 * Writes dist/sw.js from sw/sw.js (docs/decisions/0026): VERSION is a hash of the build's file
 * names, so any change of code makes a new worker, and SHELL lists the code index.html loads (the
 * entry and the chunks it imports), which every page needs offline. It is read from the written
 * index.html, not from the bundle's entry chunk: with the entry module grouped into the app chunk
 * the bundler's entry is a facade that the build drops. The stylesheet is left out: the server
 * inlines it into every page.
 */
function serviceWorker(): Plugin {
  return {
    name: 'dwa-service-worker',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      const html = readFileSync(join(dir, 'index.html'), 'utf8');
      const shell = [
        ...html.matchAll(
          /<script type="module"[^>]* src="([^"]+)"|<link rel="modulepreload"[^>]* href="([^"]+)"/g,
        ),
      ].map((m) => m[1] ?? m[2]);
      if (shell.length === 0) this.error('no module script in index.html');
      const version = createHash('sha256')
        .update(Object.keys(bundle).sort().join('\n'))
        .digest('hex')
        .slice(0, 12);
      const source = readFileSync(new URL('./sw/sw.js', import.meta.url), 'utf8')
        .replace("'__DWA_VERSION__'", JSON.stringify(version))
        .replace("'__DWA_SHELL__'", JSON.stringify(shell));
      writeFileSync(join(dir, 'sw.js'), source);
    },
  };
}

/**
 * Writes name.br beside each text file of the build (JS, CSS, SVG, the manifest), brotli at
 * quality 11: the server sends it to browsers that accept br (internal/httpapi/spa.go), and
 * Chromium accepts it over HTTPS and from localhost. It is 13 % smaller than gzip for the
 * framework chunk (90.3 → 78.5 KB), which every first visit downloads; quality 11 takes a few
 * seconds for the whole build, too slow for the server to do per request or at start-up.
 * index.html is left out: the server builds each page from it and compresses the result.
 */
function brotli(): Plugin {
  let outDir = 'dist';
  return {
    name: 'dwa-brotli',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          if (name.startsWith('.')) return []; // .vite/manifest.json is read by the server only
          const path = join(dir, name);
          return statSync(path).isDirectory() ? walk(path) : [path];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|svg|webmanifest)$/.test(file)) continue;
        const body = readFileSync(file);
        if (body.length < 1024) continue; // the server compresses nothing smaller either
        const br = brotliCompressSync(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 11,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        });
        if (br.length < gzipSync(body, { level: 9 }).length) writeFileSync(`${file}.br`, br);
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), serviceWorker(), brotli()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': apiTarget,
      '/healthz': apiTarget,
      '/readyz': apiTarget,
    },
  },
  build: {
    target: 'es2022',
    // .vite/manifest.json maps each page module to its chunks: the server reads it to preload the
    // requested page's code with the entry (internal/httpapi/preload.go).
    manifest: true,
    // Every browser that runs this ES2022 code knows modulepreload: no polyfill in the entry.
    // The offline parts (src/pwa) load after the page: their chunks need no preload list in the
    // entry, which every route's initial code carries.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (filename, deps) => (/(^|\/)start-/.test(filename) ? [] : deps),
    },
    // One stylesheet, linked by index.html (and inlined by the server), belonging to no chunk: with
    // the entry module in the app chunk, a split stylesheet would be the app chunk's, listed among
    // every lazy chunk's dependencies, and fetched again by the preload helper, which finds no
    // <link> for it in a page that has it inline.
    cssCodeSplit: false,
    // The budgets (design.md §5) are checked on gzip sizes; warn early on raw size too.
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      output: {
        // Page chunks are named route-*: scripts/check-size.mjs holds them to the initial-JS budget,
        // while other lazy chunks (dialogs, menus, below-the-fold parts) load after their page.
        chunkFileNames: (chunk) =>
          chunk.facadeModuleId?.includes('/src/routes/')
            ? 'assets/route-[name]-[hash].js'
            : 'assets/[name]-[hash].js',
        codeSplitting: {
          // Few, larger chunks: every request on a slow phone's connection costs a round trip, and
          // split by default the first screen took ~16 files (Lighthouse LCP 2.6-2.9 s; with these
          // groups, 5 files and 2.0-2.2 s). The framework (React, the router, TanStack Query)
          // changes rarely and is cached long apart from the app. The app chunk holds the shell and
          // what the browsing pages share; pages and parts only some visits need stay lazy, and so does
          // the back office (features/seller and admin, components/backoffice). A module in the app chunk
          // is loaded up front even when imported lazily, so OUTSIDE_APP lists the lazy parts of those
          // folders and the parts only one page uses: the product page's gallery, option pickers and its sections below
          // the fold (with the review form and the HTML sanitizer they share with the seller's editor),
          // the home page's hero and category grid, the empty search page's help, the wishlist heart
          // (fetched after the cards, with the queue of changes made offline), the seller and staff
          // areas' route tables, the delivery address view that only order pages show, the chosen options of bag and order lines, and the region
          // list and delivery dates of address, order and back-office pages.
          groups: [
            {
              name: 'framework',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/,
              priority: 2,
            },
            {
              name: 'app',
              test: (id: string) => ENTRY.test(id) || (APP.test(id) && !OUTSIDE_APP.test(id)),
              priority: 1,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // Whole-app renders load lazy chunks; on a busy 2-core machine a test can need a few seconds.
    testTimeout: 15_000,
  },
});
