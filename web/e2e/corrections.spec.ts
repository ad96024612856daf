import { expect, test, type Page } from '@playwright/test';
import { hasBrowser, missingBrowserMessage } from './browser';
import { noAxeViolations } from './helpers';

test.skip(!hasBrowser, missingBrowserMessage);

// Issue 19, empty search: a search two typos away from a demo brand finds nothing (search forgives
// one), so the page asks "Did you mean samsung?" and offers the top-level categories; following the
// suggestion shows Samsung products. Nothing overflows at 320 or 360 px.

async function expectNoOverflow(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(
    0,
  );
}

test('a misspelt search suggests the right one and popular categories at 360 px', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/search?query=smasnug');
  const main = page.getByRole('main');
  await expect(main.getByText('No products found.')).toBeVisible();
  const suggestion = main.getByRole('link', { name: 'samsung', exact: true });
  await expect(suggestion).toBeVisible();
  await expect(main.getByText(/^Did you mean samsung/)).toBeVisible();
  const popular = main.getByRole('region', { name: 'Popular categories' });
  await expect(popular.getByRole('link').first()).toHaveAttribute('href', /^\/category\/[\w-]+$/);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await noAxeViolations(page);
  await expectNoOverflow(page);
  await page.setViewportSize({ width: 320, height: 800 });
  await expectNoOverflow(page);

  await suggestion.click();
  await expect(page).toHaveURL('/search?query=samsung');
  await expect(main.getByRole('link', { name: /Samsung/ }).first()).toBeVisible();
  await expect(main.getByText('No products found.')).toHaveCount(0);
});
