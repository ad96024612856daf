import { expect, test, type Page } from '@playwright/test';
import { hasBrowser, missingBrowserMessage } from './browser';
import { pauseClock } from './helpers';

test.skip(!hasBrowser, missingBrowserMessage);

test('search suggestions: asked after a 100 ms pause, at most 5, keyboard opens one', async ({
  page,
}) => {
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/store/products/?') && r.url().includes('page_size=5'))
      asked.push(r.url());
  });
  await page.clock.install();
  await page.goto('/products');
  await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible();
  const box = page.getByRole('combobox', { name: 'Search products' });

  await pauseClock(page);
  await box.fill('   ');
  await page.clock.runFor(200);
  expect(asked).toEqual([]); // blank text asks nothing

  await box.fill('XBOX');
  await page.clock.runFor(99);
  expect(asked).toEqual([]);
  const answered = page.waitForResponse((r) => r.url().includes('page_size=5'));
  await page.clock.runFor(1);
  expect(new URL((await answered).url()).searchParams.get('search')).toBe('x-box');
  await page.clock.resume();

  const options = page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option');
  await expect(options.first()).toBeVisible();
  expect(await options.count()).toBeLessThanOrEqual(5);
  const first = (await options.first().textContent())?.trim() ?? '';

  await box.press('ArrowDown');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/store\/products\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: first })).toBeVisible();
});

test('search results link to products; an unknown word shows No products found.', async ({
  page,
}) => {
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Search products' });
  await box.fill('iphone');
  await box.press('Enter');
  await expect(page).toHaveURL('/search?query=iphone');
  await expect(page.getByRole('heading', { level: 1, name: 'Search Results' })).toBeVisible();
  const result = page
    .getByRole('main')
    .getByRole('link', { name: /iPhone/ })
    .first();
  await expect(result).toHaveAttribute('href', /^\/store\/products\/\d+$/);

  await box.fill('zzqx nothing like this');
  await box.press('Enter');
  await expect(page).toHaveURL('/search?query=zzqx%20nothing%20like%20this');
  await expect(page.getByText('No products found.')).toBeVisible();

  // A blank query does not navigate.
  await box.fill('   ');
  await box.press('Enter');
  await expect(page).toHaveURL('/search?query=zzqx%20nothing%20like%20this');
});

/**
 * Expects a product in the listing on screen. Listings come in the seeded shuffle order (a new
 * seed every 10 minutes) and load more as the shopper scrolls, so it may be on a later page.
 */
async function expectListed(page: Page, name: RegExp) {
  const link = page.getByRole('main').getByRole('link', { name }).first();
  await expect(async () => {
    await page.mouse.wheel(0, 4000);
    await expect(link).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 15_000 });
}

test('category listing filters at all three levels', async ({ page }) => {
  const main = page.getByRole('main');
  await page.goto('/category/gaming');
  await expect(page.getByRole('heading', { level: 1, name: 'gaming' })).toBeVisible();
  await expectListed(page, /X-Box Series X/);
  await expect(main.getByRole('link', { name: /Galaxy A15/ })).toHaveCount(0);

  await page.goto('/category/gaming/consoles');
  await expect(page.getByRole('heading', { level: 1, name: 'Gaming > Consoles' })).toBeVisible();
  await expectListed(page, /PlayStation 5/);

  await page.goto('/category/gaming/consoles/x-box');
  // Headed with the categories' names, not their slugs (issue 19, defect 6).
  await expect(
    page.getByRole('heading', { level: 1, name: 'Gaming > Consoles > X-Box', exact: true }),
  ).toBeVisible();
  const link = main.getByRole('link', { name: /X-Box Series X/ }).first();
  await expect(link).toBeVisible();
  await expect(main.getByRole('link', { name: /PlayStation/ })).toHaveCount(0);
  await link.click();
  await expect(page).toHaveURL(/\/store\/products\/\d+$/);
});

test('an empty category says so and its button goes back one step', async ({ page }) => {
  await page.goto('/products');
  await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible();
  await page.goto('/category/no-such-category');
  await expect(page.getByText('No products found in this category.')).toBeVisible();
  await page.getByRole('button', { name: 'Go Back' }).click();
  await expect(page).toHaveURL('/products');
});

test('the catalogue keeps its shuffled order while more products load on scrolling', async ({
  page,
}) => {
  await page.goto('/products');
  // The first page comes with the page itself (the server's data island); its next link names
  // the shuffle seed that later pages must be asked with.
  const seed = await page.evaluate(() => {
    const island = JSON.parse(document.getElementById('dwa-data')?.textContent ?? '{}') as Record<
      string,
      { next?: string | null }
    >;
    const first = Object.entries(island).find(([key]) => key.startsWith('/store/products/?'));
    return first?.[1].next ? new URL(first[1].next).searchParams.get('seed') : null;
  });
  expect(seed).toMatch(/^\d+$/);
  const cards = page.getByRole('main').getByRole('listitem').getByRole('link');
  await expect(cards.first()).toBeVisible();
  const before = await cards.evaluateAll((links) => links.map((l) => l.getAttribute('href')));
  expect(before.length).toBeGreaterThanOrEqual(12);

  const secondPage = page.waitForRequest((r) => r.url().includes('page=2'));
  await page.mouse.wheel(0, 20_000);
  expect(new URL((await secondPage).url()).searchParams.get('seed')).toBe(seed);
  await expect.poll(() => cards.count()).toBeGreaterThan(before.length);

  const after = await cards.evaluateAll((links) => links.map((l) => l.getAttribute('href')));
  expect(after.slice(0, before.length)).toEqual(before);
  expect(new Set(after).size).toBe(after.length);
});

test('the hero carousel advances by itself every 5000 ms', async ({ page }) => {
  await page.clock.install();
  await page.goto('/');
  const slide = (n: number) => page.getByRole('group', { name: `${n} of 4` });
  await expect(slide(1).getByText('Computers & Accessories')).toBeVisible();

  // Moving to a slide restarts its 5000 ms. Hover and focus pause the carousel, so the pointer
  // and the focus then leave it (a click on the heading below) and the count starts.
  await pauseClock(page);
  await page.getByRole('button', { name: 'Next slide' }).click();
  await page.getByRole('heading', { level: 1, name: 'Discover Our Collections' }).click();
  // Only the current slide is exposed; the others are aria-hidden (and inert).
  await expect(slide(2)).toBeVisible();
  await page.clock.runFor(4900);
  await expect(slide(2)).toBeVisible();
  await page.clock.runFor(100);
  await expect(slide(3)).toBeVisible();
  await expect(slide(2)).toHaveCount(0);
  await page.clock.runFor(5000);
  await expect(slide(4)).toBeVisible();
});

test('category sub menus open after 100 ms of hover and close 200 ms after leaving', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.clock.install();
  await page.goto('/products');
  await page.getByRole('button', { name: 'All Categories' }).click();
  const toggle = page.getByRole('button', { name: 'Gaming subcategories', exact: true });
  await expect(toggle).toBeVisible();
  const gaming = page.getByRole('navigation', { name: 'Main' }).getByRole('listitem').filter({
    has: toggle,
  });

  await pauseClock(page);
  await gaming.getByRole('link', { name: 'Gaming', exact: true }).hover();
  await page.clock.runFor(90);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await page.clock.runFor(10);
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('link', { name: 'Consoles', exact: true })).toBeVisible();

  await page.mouse.move(1200, 700); // off the menu, which covers the left of the page
  await page.clock.runFor(190);
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await page.clock.runFor(10);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
});

test('a failed category load shows the message and leaves search, cart and profile working', async ({
  page,
}) => {
  await page.route('**/api/store/categories/**', (route) =>
    route.fulfill({ status: 500, json: { detail: 'down' } }),
  );
  await page.goto('/products');
  await page.getByRole('button', { name: 'All Categories' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Error loading categories' }),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Account' }).click();
  await expect(page.getByRole('button', { name: 'Register' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('link', { name: /cart/i })).toHaveAttribute('href', '/cart');
  const box = page.getByRole('combobox', { name: 'Search products' });
  await box.fill('samsung');
  await box.press('Enter');
  await expect(page).toHaveURL('/search?query=samsung');
});

test('every path change reports a page view', async ({ page }) => {
  const landing = page.waitForRequest(
    (r) => r.url().endsWith('/api/analytics/pageviews/') && r.method() === 'POST',
  );
  await page.goto('/');
  expect((await landing).postDataJSON()).toMatchObject({ path: '/' });

  const next = page.waitForRequest(
    (r) =>
      r.url().endsWith('/api/analytics/pageviews/') &&
      (r.postDataJSON() as { path: string }).path === '/category/gaming',
  );
  await page.getByRole('link', { name: 'Gaming', exact: true }).click();
  const view = await next;
  expect((await view.response())?.ok()).toBe(true);
});

test('a listing opened directly shows its first page from the server’s page, asking no API', async ({
  page,
}) => {
  for (const path of ['/search?query=XBOX', '/products?in_stock=true', '/category/gaming']) {
    const asked: string[] = [];
    const listen = (r: { url: () => string }) => {
      if (r.url().includes('/api/store/products/?')) asked.push(r.url());
    };
    page.on('request', listen);
    await page.goto(path);
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
    expect(asked, path).toEqual([]);
    page.off('request', listen);
  }
});
