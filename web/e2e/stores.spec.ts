import { expect, test } from '@playwright/test';
import { hasBrowser, missingBrowserMessage } from './browser';
import { noAxeViolations } from './helpers';

test.skip(!hasBrowser, missingBrowserMessage);

// Issue 19, store pages: on a phone, a shopper goes from a product to the store that sells it,
// sees the store's products, and opens the directory of every store. The demo's X-Box Series X
// (product 1) is sold by Accra Game Hub.

test('from a product to its store, its products and the store directory at 360 px', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/store/products/1');
  await expect(page.getByRole('heading', { level: 1, name: 'X-Box Series X' })).toBeVisible();

  await page.getByRole('link', { name: 'Accra Game Hub' }).click();
  await expect(page).toHaveURL(/\/stores\/\d+-accra-game-hub$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Accra Game Hub' })).toBeVisible();
  const products = page.getByRole('region', { name: 'Products' });
  // The store's own list is shuffled and other tests add products to it: any card will do here.
  await expect(products.getByRole('article').first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await noAxeViolations(page);

  // An address made before a rename (or the id alone) moves to the current one.
  const current = new URL(page.url()).pathname;
  const id = /\/stores\/(\d+)-/.exec(current)?.[1] ?? '';
  await page.goto(`/stores/${id}-an-old-name`);
  await expect(page).toHaveURL(new RegExp(`${current}$`));

  await page.getByRole('link', { name: 'All stores', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Stores' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Accra Game Hub/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /Kumasi Phone Plaza/ })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await noAxeViolations(page);

  await page.getByRole('searchbox', { name: 'Find a store' }).fill('kumasi');
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page).toHaveURL(/\/stores\?search=kumasi$/);
  await expect(page.getByRole('link', { name: /Accra Game Hub/ })).toHaveCount(0);
  await page.getByRole('link', { name: /Kumasi Phone Plaza/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Kumasi Phone Plaza' })).toBeVisible();
});
