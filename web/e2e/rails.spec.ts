import { expect, test, type Locator } from '@playwright/test';
import { hasBrowser, missingBrowserMessage } from './browser';
import { noAxeViolations, noSidewaysScroll } from './helpers';

test.skip(!hasBrowser, missingBrowserMessage);

// Issue 19, a fuller home page and product page at 360 px: the rails load as they are scrolled to,
// scroll sideways inside themselves (never the page), and the demo's ratings and co-purchases come
// from the seed's real orders (internal/seed/purchases.go).

/** The rail's list has more cards than the screen shows, and scrolls sideways by itself. */
async function scrollsSideways(list: Locator) {
  await expect(list.getByRole('listitem').first()).toBeVisible();
  expect(await list.getByRole('listitem').count()).toBeGreaterThan(2);
  const widths = await list.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(widths.scroll).toBeGreaterThan(widths.client);
  // The cards hidden to the right are announced by a fade with a chevron.
  await expect(list.locator('xpath=..').locator('[data-scroll-hint="end"]')).toBeVisible();
  await list.evaluate((el) => {
    el.scrollLeft = 200;
  });
  await expect.poll(() => list.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
}

test('home rails load as they are scrolled to and scroll sideways at 360 px', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Discover Our Collections' }),
  ).toBeVisible();

  for (const name of ['New arrivals', 'Top rated']) {
    const heading = page.getByRole('heading', { level: 2, name });
    await heading.scrollIntoViewIfNeeded();
    const list = page.getByRole('list', { name });
    await expect(list).toBeVisible();
    await scrollsSideways(list);
    await expect(page.getByRole('link', { name: `See all: ${name}` })).toBeVisible();
  }
  // Ratings are the seed's verified purchases: "★ 4.3 (12)", said in words.
  await expect(
    page
      .getByRole('list', { name: 'Top rated' })
      .getByRole('img', { name: /^Rated \d\.\d out of 5 by \d+ shoppers$/ })
      .first(),
  ).toBeVisible();
  await noSidewaysScroll(page);
  await noAxeViolations(page);
});

test('recently viewed keeps the last products opened on this phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/store/products/1');
  await expect(page.getByRole('heading', { level: 1, name: 'X-Box Series X' })).toBeVisible();
  await page.goto('/store/products/5');
  const second = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
  expect(second).not.toBe('');

  await page.goto('/');
  await page.getByRole('heading', { level: 2, name: 'Recently viewed' }).scrollIntoViewIfNeeded();
  const recent = page.getByRole('list', { name: 'Recently viewed' });
  await expect(recent.getByRole('heading', { level: 2 })).toHaveText([second, 'X-Box Series X']);
  await noSidewaysScroll(page);
  await noAxeViolations(page);
});

test('a product shows what was bought with it and related products at 360 px', async ({
  page,
  request,
}) => {
  // A demo product the seed's shoppers bought with others.
  const list = (await (
    await request.get('/api/store/products/?fields=id&page_size=200&ordering=-average_rating')
  ).json()) as { results: { id: number }[] };
  let id = 0;
  for (const { id: candidate } of list.results) {
    const together = (await (
      await request.get(`/api/store/products/${String(candidate)}/bought-together/?fields=id`)
    ).json()) as { results: unknown[] };
    if (together.results.length > 0) {
      id = candidate;
      break;
    }
  }
  expect(id).toBeGreaterThan(0);

  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(`/store/products/${String(id)}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  for (const name of ['Frequently bought together', 'Related Products']) {
    const heading = page.getByRole('heading', { level: 2, name, exact: true });
    await heading.scrollIntoViewIfNeeded();
    const rail = page.getByRole('list', { name });
    await expect(rail.getByRole('listitem').first()).toBeVisible();
    // Never the product itself.
    await expect(rail.locator(`a[href="/store/products/${String(id)}"]`)).toHaveCount(0);
  }
  await noSidewaysScroll(page);
  await noAxeViolations(page);
});

for (const width of [360, 1280]) {
  test(`a rail's skeleton holds the height of its cards at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    // The best sellers' answer waits until the skeleton has been measured.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(/\/api\/store\/products\/\?.*ordering=-sold/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    const section = page.locator('section', {
      has: page.getByRole('heading', { level: 2, name: 'Best sellers' }),
    });
    await section.scrollIntoViewIfNeeded();
    const skeleton = section.getByTestId('rail-skeleton');
    await expect(skeleton.locator(':scope > *')).toHaveCount(6);
    const before = await skeleton.evaluate((el) => el.getBoundingClientRect().height);
    release();
    const list = section.getByRole('list', { name: 'Best sellers' });
    await expect(list.getByRole('listitem').first()).toBeVisible();
    const after = await list.evaluate((el) => el.getBoundingClientRect().height);
    // Before, the skeleton was 80–140 px shorter than the cards that replaced it.
    expect(Math.abs(after - before)).toBeLessThanOrEqual(24);
  });
}
