import { expect, test } from '@playwright/test';
import { hasBrowser, missingBrowserMessage } from './browser';

test.skip(!hasBrowser, missingBrowserMessage);

test('home shows the seeded top-level categories, each linking to its page', async ({ page }) => {
  await page.goto('/');

  await expect(page).toHaveTitle('Dwa — Online mall for Ghana');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Discover Our Collections' }),
  ).toBeVisible();
  for (const [name, slug] of [
    ['Gaming', 'gaming'],
    ['Jewelry & Watches', 'jewelry-watches'],
    ['Phones & Tablets', 'mobile-phones-and-tablets'],
  ]) {
    await expect(page.getByRole('link', { name, exact: true })).toHaveAttribute(
      'href',
      `/category/${slug}`,
    );
  }

  await page.getByRole('link', { name: 'Gaming', exact: true }).click();
  await expect(page).toHaveURL('/category/gaming');
  await expect(page.getByRole('heading', { level: 1, name: 'gaming' })).toBeVisible();
});

test('an unknown path answers 404 with the not-found page', async ({ page }) => {
  const response = await page.goto('/no/such/page');

  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: '404' })).toBeVisible();
  await expect(page.getByText("Oops! You've discovered uncharted space")).toBeVisible();
  await page.getByRole('link', { name: 'Beam Me Home' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: 'Discover Our Collections' })).toBeVisible();
});

test('/products is a page of the app (200)', async ({ page }) => {
  const response = await page.goto('/products');

  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible();
});

test('the search box opens the results page for the typed query', async ({ page }) => {
  await page.goto('/products');

  await page.getByRole('combobox', { name: 'Search products' }).fill('xbox series');
  await page.getByRole('combobox', { name: 'Search products' }).press('Enter');

  await expect(page).toHaveURL('/search?query=xbox%20series');
  await expect(page.getByRole('heading', { level: 1, name: 'Search Results' })).toBeVisible();
});

test('a 360 px wide phone screen never scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Gaming', exact: true })).toBeVisible();

  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});

test('the footer has the social links and a back-to-top button', async ({ page }) => {
  await page.goto('/products');
  const footer = page.getByRole('contentinfo');
  for (const name of ['Facebook', 'Instagram', 'X'])
    await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute(
      'href',
      /^https:\/\//,
    );
  await page.mouse.wheel(0, 5000);
  await footer.getByRole('button', { name: 'Back to top' }).click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
