// `make data`: what a phone downloads, measured on the wire (issue 23, part 4). The real binary
// with the seeded demo content sits behind a counting proxy, so every byte the browser and its
// service worker exchange with the server is counted, HTTP headers included, in both directions.
// A 360 px phone (Chromium's mobile emulation at the Moto G Power's density, as Lighthouse uses):
//   - the home page on a first visit, cache cold, until the network has been quiet for 2 s;
//   - the same with data saver on (the app's switch, and the browser's Save-Data header);
//   - a product page visited again: warm HTTP cache and service worker.
// Prints the figures and PASS/FAIL against the budgets; exits 1 on a FAIL.
// Uses the system Chromium (DWA_CHROMIUM, default /usr/bin/chromium).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const serverPort = Number(process.env.DWA_DATA_PORT ?? 4182);
const proxyPort = serverPort + 1;
const base = `http://127.0.0.1:${proxyPort}`;
const PRODUCT = '/store/products/1';
const KB = 1000;
const budgets = { home: 300 * KB, homeDataSaver: 120 * KB, productRepeat: 20 * KB };
const QUIET_MS = 2000;

// The counting proxy: bytes from the server to the browser (down) and back (up).
// With DWA_DATA_VERBOSE=1 each scenario also lists its requests (HTTP/1.1 without pipelining:
// what the server sends on a connection answers the last request line seen on it).
const verbose = process.env.DWA_DATA_VERBOSE === '1';
const wire = { down: 0, up: 0, last: Date.now(), paths: new Map() };
const proxy = createServer((client) => {
  const upstream = createConnection(serverPort, '127.0.0.1');
  let path = '';
  client.on('data', (chunk) => {
    wire.up += chunk.length;
    wire.last = Date.now();
    const line = /^(GET|POST|HEAD|PUT|PATCH|DELETE) (\S+)/.exec(chunk.toString('latin1', 0, 300));
    if (line) path = `${line[1]} ${line[2]}`;
  });
  upstream.on('data', (chunk) => {
    wire.down += chunk.length;
    wire.last = Date.now();
    wire.paths.set(path, (wire.paths.get(path) ?? 0) + chunk.length);
  });
  client.pipe(upstream).pipe(client);
  client.on('error', () => upstream.destroy());
  upstream.on('error', () => client.destroy());
});

function resetWire() {
  wire.down = 0;
  wire.up = 0;
  wire.last = Date.now();
  wire.paths.clear();
}

/** Waits until no byte has crossed the proxy for QUIET_MS: late images and the worker included. */
async function quiet() {
  while (Date.now() - wire.last < QUIET_MS) await new Promise((r) => setTimeout(r, 100));
}

const dataDir = mkdtempSync(join(tmpdir(), 'dwa-data-'));
const server = spawn(fileURLToPath(new URL('../../bin/dwa', import.meta.url)), ['serve'], {
  env: {
    ...process.env,
    DWA_ADDR: `127.0.0.1:${serverPort}`,
    DWA_DATA_DIR: dataDir,
    DWA_PUBLIC_URL: base,
  },
  stdio: 'ignore',
});
const stop = () => {
  server.kill('SIGTERM');
  proxy.close();
  rmSync(dataDir, { recursive: true, force: true });
};

const phone = {
  viewport: { width: 360, height: 800 },
  deviceScaleFactor: 2.625,
  isMobile: true,
  hasTouch: true,
  serviceWorkers: 'allow',
};

let failed = false;
function report(name, budget) {
  const total = wire.down + wire.up;
  const ok = total <= budget;
  failed ||= !ok;
  if (verbose)
    for (const [path, bytes] of [...wire.paths].sort((a, b) => b[1] - a[1]))
      console.log(`    ${(bytes / KB).toFixed(1).padStart(6)} KB  ${path.slice(0, 110)}`);
  console.log(
    `${name.padEnd(34)} ${(total / KB).toFixed(1).padStart(7)} KB  (down ${(wire.down / KB).toFixed(1)}, up ${(wire.up / KB).toFixed(1)})  budget ${(budget / KB).toFixed(0)} KB  ${ok ? 'PASS' : 'FAIL'}`,
  );
}

try {
  await new Promise((resolve) => proxy.listen(proxyPort, '127.0.0.1', resolve));
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${serverPort}/healthz`)).ok) break;
    } catch {
      // not up yet
    }
    if (i > 300) throw new Error('dwa did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  const browser = await chromium.launch({
    executablePath: process.env.DWA_CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking'],
  });
  try {
    console.log('bytes on the wire at 360 px (headers included, both directions)');

    let context = await browser.newContext(phone);
    let page = await context.newPage();
    resetWire();
    await page.goto(`${base}/`);
    await quiet();
    report('home, first visit', budgets.home);
    await context.close();

    context = await browser.newContext({ ...phone, extraHTTPHeaders: { 'Save-Data': 'on' } });
    await context.addInitScript(() => {
      localStorage.setItem('dwa-data-saver', 'on');
    });
    page = await context.newPage();
    resetWire();
    await page.goto(`${base}/`);
    await quiet();
    report('home, first visit, data saver', budgets.homeDataSaver);
    await context.close();

    context = await browser.newContext(phone);
    page = await context.newPage();
    await page.goto(`${base}${PRODUCT}`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await quiet();
    await page.goto(`${base}/`);
    await quiet();
    resetWire();
    await page.goto(`${base}${PRODUCT}`);
    await quiet();
    report('product page, repeat visit', budgets.productRepeat);
    await context.close();
  } finally {
    await browser.close();
  }
} finally {
  stop();
}
if (failed) process.exit(1);
