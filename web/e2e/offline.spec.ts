import { chromium, expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { chromiumArgs, chromiumPath, hasBrowser, missingBrowserMessage } from './browser';
import { freshShopper, noAxeViolations, pendingOrder, storeSession, type Shopper } from './helpers';

test.skip(!hasBrowser, missingBrowserMessage);

// Issue 23, installable and offline (docs/decisions/0026-installable-and-offline.md), at 360 px
// with the real service worker (the other specs block it: playwright.config.ts).
test.use({ serviceWorkers: 'allow', viewport: { width: 360, height: 800 } });

// Demo products no other spec orders or bags (internal/demo/catalogue.json).
const OFFLINE_ADD = 31;
const STOCK_LIMIT = 32;
// Saved to wishlists only (no stock taken), and ordered by the shopper whose data must not leak.
const OFFLINE_SAVE = 30;
const ORDERED = 33;

const OFFLINE_BANNER = /^You are offline\. Pages you have seen still open/;

async function productName(request: APIRequestContext, id: number) {
  const answer = await request.get(`/api/store/products/${String(id)}/`);
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as { name: string; inventory: number };
}

/** Waits until the service worker controls the page: from then on it answers the page's fetches. */
async function controlled(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** The controlling worker's build version (web/sw/sw.js answers the 'version' message). */
function workerVersion(page: Page) {
  return page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = (event) => {
          resolve(String(event.data));
        };
        navigator.serviceWorker.controller?.postMessage('version', [channel.port2]);
      }),
  );
}

async function wishlistProducts(request: APIRequestContext, shopper: Shopper) {
  const answer = await request.get('/api/store/wishlists/', {
    headers: { Authorization: `Bearer ${shopper.access}` },
  });
  return ((await answer.json()) as { product: number }[]).map((entry) => entry.product);
}

async function bagLines(request: APIRequestContext, shopper: Shopper) {
  const answer = await request.get('/api/store/cart-items/', {
    headers: { Authorization: `Bearer ${shopper.access}` },
  });
  return (await answer.json()) as { product: { id: number }; quantity: number }[];
}

test('Chromium finds the app installable', async ({ baseURL }, testInfo) => {
  // A test's context is incognito, where Chromium never installs: a profile of its own instead.
  const profile = testInfo.outputPath('profile');
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    args: chromiumArgs,
    baseURL,
    serviceWorkers: 'allow',
    viewport: { width: 360, height: 800 },
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await controlled(page);
    // Its own check: the manifest, PNG icons, a worker that answers fetches.
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.errors).toEqual([]);
  } finally {
    await context.close();
  }
});

test('a seen product opens offline, a bag change made offline is sent when back online', async ({
  page,
  context,
  request,
}) => {
  const shopper = await freshShopper(request);
  const product = await productName(request, OFFLINE_ADD);
  await storeSession(page, shopper);
  await page.goto('/');
  await controlled(page);

  await page.goto(`/store/products/${String(OFFLINE_ADD)}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await page.goto('/cart');
  await expect(page.getByText('Your shopping bag is empty.')).toBeVisible();

  await context.setOffline(true);
  await page.goto(`/store/products/${String(OFFLINE_ADD)}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page.getByText(OFFLINE_BANNER)).toBeVisible();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'added to your bag when you are back online' }),
  ).toBeVisible();

  // The bag, read offline, shows the change as waiting; checkout says why it cannot start.
  await page.goto('/cart');
  const waiting = page.getByRole('region', { name: 'Waiting for a connection' });
  await expect(waiting.getByRole('listitem')).toHaveText([`Add ${product.name} (1)`]);
  await expect(page.getByText('Your shopping bag is empty.')).toBeVisible();
  await noAxeViolations(page);
  expect(await bagLines(request, shopper)).toEqual([]);

  await context.setOffline(false);
  await expect(waiting).toBeHidden();
  await expect(page.getByText(OFFLINE_BANNER)).toBeHidden();
  const lines = page.getByRole('list', { name: 'Items in your bag' });
  await expect(lines.getByRole('listitem').filter({ hasText: product.name })).toBeVisible();
  expect(
    (await bagLines(request, shopper)).map((line) => [line.product.id, line.quantity]),
  ).toEqual([[OFFLINE_ADD, 1]]);

  // Offline again, checkout does not start, and the page says why.
  await context.setOffline(true);
  await expect(page.getByText('You are offline. Connect to place your order.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Proceed to Checkout' })).toBeDisabled();
  await context.setOffline(false);
  await expect(page.getByRole('button', { name: 'Proceed to Checkout' })).toBeEnabled();
});

test("offline, a page not seen gets a seen page as its shell, without that page's first screen", async ({
  page,
  context,
}) => {
  await page.goto('/');
  await controlled(page);
  await page.goto('/'); // now through the worker, which keeps it
  await expect(page.locator('main#main img').first()).toBeVisible();

  await context.setOffline(true);
  const response = await page.goto('/category/gaming');
  // The home page's hero (internal/httpapi/page_shell.go) is cut out: only the header remains.
  const html = (await response?.text()) ?? '';
  expect(html).toContain('<!--dwa:page--><!--/dwa:page-->');
  expect(html).not.toContain('<img');
  await context.setOffline(false);
});

test('the server has the last word on a change made offline: a stock limit is shown', async ({
  page,
  context,
  request,
}) => {
  const shopper = await freshShopper(request);
  const product = await productName(request, STOCK_LIMIT);
  // The shopper's bag already holds all the stock (bagged on another device, say).
  const bagged = await request.post('/api/store/cart-items/', {
    headers: { Authorization: `Bearer ${shopper.access}` },
    data: { product_id: STOCK_LIMIT, quantity: product.inventory },
  });
  expect(bagged.status(), await bagged.text()).toBe(201);
  await storeSession(page, shopper);
  await page.goto('/');
  await controlled(page);
  await page.goto(`/store/products/${String(STOCK_LIMIT)}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText(/added to your bag when you are back online/)).toBeVisible();
  await context.setOffline(false);

  const refused = page.getByRole('alert').filter({ hasText: 'could not be made' });
  await expect(refused.getByRole('listitem')).toHaveText([
    `Add ${product.name} (1): Only ${String(product.inventory)} left in stock.`,
  ]);
  expect(
    (await bagLines(request, shopper)).map((line) => [line.product.id, line.quantity]),
  ).toEqual([[STOCK_LIMIT, product.inventory]]);
  await refused.getByRole('button', { name: 'Dismiss' }).click();
  await expect(refused).toBeHidden();
});

test('a deploy with a new service worker is offered, and taken only when the shopper reloads', async ({
  page,
  context,
}) => {
  // The phone first gets the previous deploy's worker: the server's sw.js of another version.
  // (Chromium lets a test rewrite a worker's first download, not its update checks.)
  await context.route('**/sw.js', async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace(
      /const VERSION = "([^"]+)"/,
      'const VERSION = "previous-$1"',
    );
    expect(body).toContain('previous-');
    await route.fulfill({
      status: 200,
      contentType: 'text/javascript; charset=utf-8',
      headers: { 'Cache-Control': 'no-cache' },
      body,
    });
  });
  await page.goto('/');
  await controlled(page);
  const previous = await workerVersion(page);
  expect(previous).toMatch(/^previous-/);

  // The server now serves this build's worker, as after a deploy; the browser checks for it.
  await context.unrouteAll();
  await page.evaluate(async () => {
    await (await navigator.serviceWorker.getRegistration())?.update();
  });
  const deployed = previous.replace(/^previous-/, '');

  const prompt = page.getByRole('status').filter({ hasText: 'A new version of Dwa is ready.' });
  await expect(prompt).toBeVisible();
  // The open page keeps the worker it loaded with until the shopper chooses.
  expect(await workerVersion(page)).toBe(previous);
  await noAxeViolations(page);

  await prompt.getByRole('button', { name: 'Reload' }).click();
  await expect(prompt).toBeHidden();
  await expect.poll(() => workerVersion(page)).toBe(deployed);
  // The previous build's caches went with it.
  const names = await page.evaluate(() => caches.keys());
  expect(names).toContain(`dwa-assets-${deployed}`);
  expect(names).not.toContain(`dwa-assets-${previous}`);
});

test('a wishlist change made offline is sent when back online', async ({
  page,
  context,
  request,
}) => {
  const shopper = await freshShopper(request);
  const product = await productName(request, OFFLINE_SAVE);
  await storeSession(page, shopper);
  await page.goto('/');
  await controlled(page);
  await page.goto(`/store/products/${String(OFFLINE_SAVE)}`);
  const heart = page.getByRole('button', { name: `Save ${product.name} to wishlist` });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await page.goto('/wishlist');
  await expect(page.getByText('Your wishlist is empty.')).toBeVisible();

  await context.setOffline(true);
  await page.goto(`/store/products/${String(OFFLINE_SAVE)}`);
  await expect(page.getByText(OFFLINE_BANNER)).toBeVisible();
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('added to your wishlist when you are back online')).toBeVisible();

  // The wishlist, read offline, shows the save as waiting; nothing reached the shop.
  await page.goto('/wishlist');
  const waiting = page.getByRole('region', { name: 'Waiting for a connection' });
  await expect(waiting.getByRole('listitem')).toHaveText([product.name]);
  await noAxeViolations(page);
  expect(await wishlistProducts(request, shopper)).toEqual([]);

  await context.setOffline(false);
  await expect(waiting).toBeHidden();
  const saved = page.getByRole('list', { name: 'Saved products' });
  await expect(saved.getByRole('link', { name: product.name })).toBeVisible();
  expect(await wishlistProducts(request, shopper)).toEqual([OFFLINE_SAVE]);
});

test("wishlist and orders open offline, checkout and payment refuse offline, and the next shopper on the phone never sees the first one's", async ({
  page,
  context,
  request,
}) => {
  // Two shoppers, online and offline, on a shared 2-core machine: longer than one page's test.
  test.setTimeout(120_000);
  const first = await freshShopper(request);
  const saved = await productName(request, OFFLINE_SAVE);
  const ordered = await productName(request, ORDERED);
  const added = await request.post('/api/store/wishlists/', {
    headers: { Authorization: `Bearer ${first.access}` },
    data: { product: OFFLINE_SAVE },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const orderId = await pendingOrder(request, first, ORDERED);
  const shownId = `#${orderId.slice(0, 8).toUpperCase()}`;

  await storeSession(page, first);
  await page.goto('/');
  await controlled(page);
  await page.goto(`/store/products/${String(ORDERED)}`);
  await expect(page.getByRole('heading', { level: 1, name: ordered.name })).toBeVisible();
  await page.goto('/wishlist');
  const wishlist = page.getByRole('list', { name: 'Saved products' });
  await expect(wishlist.getByRole('link', { name: saved.name })).toBeVisible();
  await page.goto('/orders');
  const orders = page.getByRole('list', { name: 'Your orders' });
  await expect(orders.getByText(shownId)).toBeVisible();
  await page.goto(`/order/${orderId}`);
  await expect(page.getByText(shownId).first()).toBeVisible();
  await page.getByRole('link', { name: 'Pay Now' }).click();
  await expect(page.getByRole('button', { name: 'Pay Now' })).toBeEnabled();

  // Offline: all three as last seen.
  await context.setOffline(true);
  await page.goto('/wishlist');
  await expect(wishlist.getByRole('link', { name: saved.name })).toBeVisible();
  await expect(page.getByText(OFFLINE_BANNER)).toBeVisible();
  await page.goto('/orders');
  await expect(orders.getByText(shownId)).toBeVisible();
  await page.goto(`/order/${orderId}`);
  await expect(page.getByText(shownId).first()).toBeVisible();

  // Payment does not start offline, and says why: no payment record is asked for.
  await expect(page.getByText('You are offline. Connect to pay for your order.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay Now' })).toBeDisabled();
  await expect(page.getByRole('link', { name: 'Pay Now' })).toHaveCount(0);
  const payments: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('/api/store/payments')) payments.push(sent.url());
  });
  await page.goto(`/payment/${orderId}`);
  await expect(page.getByText('You are offline. Connect to pay for your order.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay Now' })).toHaveCount(0);
  expect(payments).toEqual([]);
  // Buy Now neither: it says why instead of opening the checkout.
  await page.goto(`/store/products/${String(ORDERED)}`);
  await page.getByRole('button', { name: 'Buy Now' }).click();
  await expect(page.getByText('You are offline. Connect to place your order.')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Shipping details' })).toHaveCount(0);

  // Online again the payment page starts as usual.
  await context.setOffline(false);
  await page.goto(`/payment/${orderId}`);
  await expect(page.getByRole('button', { name: 'Pay Now' })).toBeEnabled();

  // The first shopper logs out: what the phone kept for them goes.
  await page.goto('/');
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect
    .poll(() =>
      page.evaluate(async () => (await caches.open('dwa-shopper')).keys().then((k) => k.length)),
    )
    .toBe(0);

  // Another shopper signs in on the same phone and goes offline at once: nothing of the first.
  const second = await freshShopper(request);
  await storeSession(page, second);
  await page.goto('/');
  await controlled(page);
  await context.setOffline(true);
  await page.goto('/wishlist');
  await expect(page.getByText(OFFLINE_BANNER)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Your Wishlist' })).toBeVisible();
  await expect(page.getByText(saved.name)).toHaveCount(0);
  await page.goto('/orders');
  await expect(page.getByText(OFFLINE_BANNER)).toBeVisible();
  await expect(page.getByText(shownId)).toHaveCount(0);

  // Online, their own (empty) lists; then offline again, their own as last seen.
  await context.setOffline(false);
  await page.goto('/wishlist');
  await expect(page.getByText('Your wishlist is empty.')).toBeVisible();
  await page.goto('/orders');
  await expect(page.getByText(/No orders found/)).toBeVisible();
  await context.setOffline(true);
  await page.goto('/wishlist');
  await expect(page.getByText('Your wishlist is empty.')).toBeVisible();
  await expect(page.getByText(saved.name)).toHaveCount(0);
  await page.goto('/orders');
  await expect(page.getByText(/No orders found/)).toBeVisible();
  await expect(page.getByText(shownId)).toHaveCount(0);
  await context.setOffline(false);
});
