import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

// Shared steps of the end-to-end specs. Every test that signs in registers its own shopper, so
// the specs run in parallel against one server without seeing each other's bag or wishlist.

export interface Shopper {
  username: string;
  password: string;
  access: string;
  refresh: string;
}

let counter = 0;

/** Registers a new shopper through the API and signs them in (returns their tokens). */
export async function freshShopper(request: APIRequestContext, stem = 'e2e'): Promise<Shopper> {
  counter += 1;
  const username = `${stem}_${Date.now().toString(36)}_${process.pid}_${counter}`;
  const password = 'e2e-password-2026';
  const registered = await request.post('/api/auth/users/', {
    data: { email: `${username}@example.test`, username, password, re_password: password },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const login = await request.post('/api/auth/jwt/create/', { data: { username, password } });
  expect(login.ok()).toBe(true);
  const { access, refresh } = (await login.json()) as { access: string; refresh: string };
  return { username, password, access, refresh };
}

/** Stores the shopper's session in the browser (spec §3: localStorage `access` and `refresh`). */
export async function storeSession(page: Page, tokens: { access: string; refresh: string }) {
  await page.goto('/robots.txt'); // any page of the origin, without the app's own requests
  await page.evaluate(({ access, refresh }) => {
    localStorage.setItem('access', access);
    localStorage.setItem('refresh', refresh);
  }, tokens);
}

/**
 * Freezes the page's clock a second from now (pauseAt cannot go back, and a busy machine may
 * take a while between reading the time and pausing), so later timings are stepped by the test.
 */
export async function pauseClock(page: Page) {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1000);
}

/**
 * The text of the newest mail the e2e server wrote to `address` that contains `containing` (its
 * outbox writes .eml files into the data directory's mail/), quoted-printable decoded; waits for
 * it to be sent. Other mails to the address (the welcome mail) are passed over.
 */
export async function latestMailTo(address: string, containing: string): Promise<string> {
  const dir = join(process.env.DWA_E2E_DATA_DIR ?? '', 'mail');
  let found = '';
  await expect
    .poll(
      async () => {
        const names = await readdir(dir).catch(() => [] as string[]);
        for (const name of names.sort().reverse()) {
          const text = decodeQuotedPrintable(await readFile(join(dir, name), 'utf8'));
          const addressed = text.includes(`To: ${address}`) || text.includes(`<${address}>`);
          if (addressed && text.includes(containing)) {
            found = text;
            return true;
          }
        }
        return false;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found;
}

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** A solid-colour PNG of width × height pixels, for uploads (no image library needed). */
export function pngImage(width: number, height: number, [r, g, b]: [number, number, number]) {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat()),
  ]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Signs an existing account in through the API (returns its tokens). */
export async function signIn(
  request: APIRequestContext,
  who: { username: string; password: string },
) {
  const login = await request.post('/api/auth/jwt/create/', { data: who });
  expect(login.ok(), await login.text()).toBe(true);
  return (await login.json()) as { access: string; refresh: string };
}

/** The shopper bags the product and orders it through the API; returns the pending order's id. */
export async function pendingOrder(
  request: APIRequestContext,
  shopper: Shopper,
  productId: number,
  quantity = 1,
) {
  const headers = { Authorization: `Bearer ${shopper.access}` };
  const bagged = await request.post('/api/store/cart-items/', {
    headers,
    data: { product_id: productId, quantity },
  });
  expect(bagged.ok(), await bagged.text()).toBe(true);
  const placed = await request.post('/api/store/orders/', {
    headers,
    data: { shipping_address: '14 Adum Rd, Kumasi', contact_info: '0241234567' },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return ((await placed.json()) as { id: string }).id;
}

/** Bags two of the product, orders them and pays with the test success card; returns the order id. */
export async function paidOrder(request: APIRequestContext, shopper: Shopper, productId: number) {
  const headers = { Authorization: `Bearer ${shopper.access}` };
  const id = await pendingOrder(request, shopper, productId, 2);
  const payment = await request.post('/api/store/payments/', { headers, data: { order: id } });
  const { payment_reference: reference } = (await payment.json()) as { payment_reference: string };
  await request.post('/api/store/payments/test-charge/', {
    headers,
    data: { reference, card_number: '4084084084084081' },
  });
  const verified = await request.post('/api/store/payments/verify/', {
    headers,
    data: { reference },
  });
  expect(verified.ok(), await verified.text()).toBe(true);
  return id;
}

/** No axe violations on the page as it is now (each named with the elements it concerns). */
export async function noAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/** Nothing on the page scrolls sideways at the viewport's width. */
export async function noSidewaysScroll(page: Page) {
  const width = page.viewportSize()?.width ?? 0;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    width,
  );
}
