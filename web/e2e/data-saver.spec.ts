import { expect, test, type Request } from '@playwright/test';
import { hasBrowser, missingBrowserMessage } from './browser';
import { noAxeViolations, pngImage, signIn } from './helpers';

test.skip(!hasBrowser, missingBrowserMessage);

// Issue 23, data saver (docs/decisions/0025-data-saver.md) at 360 px.

// The seeded owner of Accra Game Hub (internal/demo/catalogue.json).
const OWNER = { username: 'kwame_gamehub', password: 'Oxford-Street-Joystick-88' };

const productImage = (r: Request) => /\/media\/(demo|uploads)\/products\//.test(r.url());

test('with the data saver switch on, the hero stays and list images wait for a tap', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Account' }).click();
  const toggle = page.getByRole('switch', { name: 'Data saver' });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');

  const images: string[] = [];
  page.on('request', (r) => {
    if (productImage(r)) images.push(r.url());
  });
  await page.clock.install();
  await page.reload();
  const carousel = page.getByRole('region', { name: 'Featured collections' });
  await expect(carousel.getByRole('group', { name: /^1 of \d+$/ })).toBeVisible();
  await page.clock.runFor(16_000); // three times the rotation's 5000 ms
  await expect(carousel.getByRole('group', { name: /^1 of \d+$/ })).toBeVisible();
  await expect(
    carousel.getByRole('group', { name: /^2 of \d+$/, includeHidden: true }),
  ).toHaveAttribute('aria-hidden', 'true');

  // The category tiles show their initials, not their pictures.
  const gaming = page.getByRole('main').getByRole('link', { name: 'Gaming', exact: true });
  await expect(gaming.getByTestId('category-placeholder')).toBeVisible();
  await expect(gaming.locator('img')).toHaveCount(0);

  // The rails' code waits until the shopper scrolls down to where they start.
  const rail = page.getByRole('list', { name: 'New arrivals' });
  await expect(page.getByRole('heading', { level: 2, name: "Today's deals" })).toHaveCount(0);
  await page.evaluate(() => {
    window.scrollTo(0, document.documentElement.scrollHeight);
  });
  await page.getByRole('heading', { level: 2, name: 'New arrivals' }).scrollIntoViewIfNeeded();
  const placeholders = rail.getByRole('button', { name: /^Tap to load image of / });
  await expect(placeholders.first()).toBeVisible();
  expect(images).toEqual([]);
  await noAxeViolations(page);

  const loaded = page.waitForRequest(productImage);
  await placeholders.first().click();
  expect((await loaded).url()).toMatch(/\/media\/(demo|uploads)\/products\//);
  await expect(rail.getByRole('img').first()).toBeVisible();
  expect(images).toHaveLength(1);
});

test('a request with Save-Data: on gets the smallest rendition in the served page', async ({
  browser,
  request,
}) => {
  // A product of its own, under a department no other spec lists, with an uploaded picture.
  const { access } = await signIn(request, OWNER);
  const auth = { Authorization: `Bearer ${access}` };
  const categories = (await (await request.get('/api/store/categories/')).json()) as {
    id: number;
    name: string;
  }[];
  const jewelry = categories.find((c) => c.name === 'Jewelry & Watches');
  expect(jewelry).toBeDefined();
  const created = await request.post('/api/seller/products/', {
    headers: auth,
    data: {
      name: `Data Saver Anklet ${String(Date.now())}`,
      category_id: jewelry?.id,
      price: '80',
      inventory: 2,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const uploaded = await request.post(`/api/seller/products/${String(id)}/images/`, {
    headers: auth,
    multipart: {
      image: {
        name: 'anklet.png',
        mimeType: 'image/png',
        buffer: pngImage(1200, 1200, [0, 107, 63]),
      },
    },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);

  const context = await browser.newContext({
    viewport: { width: 360, height: 800 },
    extraHTTPHeaders: { 'Save-Data': 'on' },
  });
  const page = await context.newPage();
  const served = await page.goto(`/store/products/${String(id)}`);
  expect(served?.headers().vary).toContain('Save-Data');
  const html = (await served?.text()) ?? '';
  expect(html).toMatch(
    /<link rel="preload" as="image" fetchpriority="high" href="[^"]*-320\.jpg">/,
  );
  expect(html).not.toContain('imagesrcset');
  // The app follows the server: the gallery shows that same file, without a srcset.
  const main = page.locator('main img').first();
  await expect(main).toHaveAttribute('src', /-320\.jpg$/);
  await expect(main).not.toHaveAttribute('srcset', /./);
  await noAxeViolations(page);
  await context.close();
});

test('in data saver the first page view goes without the offline parts; the second installs them', async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: { width: 360, height: 800 },
    serviceWorkers: 'allow',
    extraHTTPHeaders: { 'Save-Data': 'on' },
  });
  await context.addInitScript(() => {
    localStorage.setItem('dwa-data-saver', 'on');
  });
  const page = await context.newPage();
  const offlineCode: string[] = [];
  // The context's requests: the worker's script is fetched by the browser, not the page.
  context.on('request', (r) => {
    if (/\/sw\.js$|\/assets\/(start|offline-queue|online)-/.test(r.url()))
      offlineCode.push(r.url());
  });
  await page.clock.install();
  await page.goto('/');
  await page.waitForLoadState('load');
  await page.clock.runFor(2000); // past the 1.5 s after load at which they would start
  // The decision was taken (the device now counts as seen) and nothing was fetched for it.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('dwa-seen'))).toBe('1');
  expect(offlineCode).toEqual([]);
  expect(
    await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((r) => r.length)),
  ).toBe(0);

  // Its answers carry only the headers that apply to them (decision 0025).
  const script = await page.request.get(
    await page.evaluate(
      () => (document.querySelector('script[type="module"]') as HTMLScriptElement).src,
    ),
  );
  expect(script.headers()['x-content-type-options']).toBe('nosniff');
  expect(script.headers()['content-security-policy']).toBeUndefined();

  // The second page view (a move inside the app) starts them: the worker installs and controls.
  await page.getByRole('main').getByRole('link', { name: 'Gaming', exact: true }).click();
  await expect(page).toHaveURL(/\/category\/gaming$/);
  await page.clock.runFor(1000);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  expect(offlineCode.some((url) => /\/assets\/start-/.test(url))).toBe(true);
  await context.close();
});
