import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { hasBrowser, missingBrowserMessage } from './browser';

test.skip(!hasBrowser, missingBrowserMessage);

// Every page of this part of the storefront, with the seeded content, at phone and desktop width.
const pages = [
  ['/', 'Discover Our Collections'],
  ['/category/gaming', 'gaming'],
  ['/products', 'All Products'],
  ['/search?query=xbox', 'Search Results'],
  ['/store/products/1', 'X-Box Series X'],
  ['/forgot-password', 'Forgot Password'],
  ['/no/such/page', '404'],
] as const;

for (const width of [360, 1280]) {
  for (const [path, heading] of pages) {
    test(`axe finds no violations on ${path} at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      const results = await new AxeBuilder({ page }).analyze();
      expect(
        results.violations.map(
          (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
        ),
      ).toEqual([]);
    });
  }
}
