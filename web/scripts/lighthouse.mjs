// `make lighthouse`: Lighthouse (mobile) on the real binary with the seeded demo content — home,
// category, search and product pages, 3 runs each, the median per category — against the
// budgets of design.md §5. Uses the system Chromium (DWA_CHROMIUM, default /usr/bin/chromium).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const port = Number(process.env.DWA_LH_PORT ?? 4180);
const base = `http://127.0.0.1:${port}`;
const runs = Number(process.env.DWA_LH_RUNS ?? 3);
const pages = (
  process.env.DWA_LH_PAGES ?? '/,/category/gaming,/search?query=xbox,/store/products/1'
).split(',');
const budget = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 95 };

const dataDir = mkdtempSync(join(tmpdir(), 'dwa-lh-'));
const server = spawn(fileURLToPath(new URL('../../bin/dwa', import.meta.url)), ['serve'], {
  env: {
    ...process.env,
    DWA_ADDR: `127.0.0.1:${port}`,
    DWA_DATA_DIR: dataDir,
    DWA_PUBLIC_URL: base,
  },
  stdio: 'ignore',
});
const stop = () => {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
};
try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // not up yet
    }
    if (i > 200) throw new Error('dwa did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.DWA_CHROMIUM ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const failures = [];
  try {
    console.log(`page                       perf  a11y  best   seo   (median of ${runs})`);
    for (const path of pages) {
      const scores = { performance: [], accessibility: [], 'best-practices': [], seo: [] };
      for (let i = 0; i < runs; i++) {
        const { lhr } = await lighthouse(`${base}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: Object.keys(scores),
        });
        for (const key of Object.keys(scores))
          scores[key].push(Math.round(lhr.categories[key].score * 100));
      }
      const median = Object.fromEntries(
        Object.entries(scores).map(([k, v]) => [
          k,
          v.sort((a, b) => a - b)[Math.floor(v.length / 2)],
        ]),
      );
      console.log(
        `${path.padEnd(26)} ${Object.values(median)
          .map((s) => String(s).padStart(4))
          .join('  ')}`,
      );
      for (const [key, min] of Object.entries(budget))
        if (median[key] < min) failures.push(`${path} ${key} ${median[key]} < ${min}`);
    }
  } finally {
    await chrome.kill();
  }
  if (failures.length) {
    console.error(`Below budget:\n  ${failures.join('\n  ')}`);
    process.exitCode = 1;
  }
} finally {
  stop();
}
