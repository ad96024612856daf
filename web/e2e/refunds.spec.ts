import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { hasBrowser, missingBrowserMessage } from './browser';
import { freshShopper, paidOrder, signIn, storeSession } from './helpers';

test.skip(!hasBrowser, missingBrowserMessage);

// The seeded staff account (internal/demo) and a product in stock.
const STAFF = { username: 'staff', password: 'akwaaba-staff-2026' };
const INFINIX = 53;

test('staff refund part of a paid order on a phone; the shopper sees it on the order page', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const shopper = await freshShopper(request);
  const orderId = await paidOrder(request, shopper, INFINIX);

  await storeSession(page, await signIn(request, STAFF));
  await page.goto('/admin/refunds');
  await expect(page.getByRole('heading', { level: 1, name: 'Refunds' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Order id' }).fill(orderId);
  await page.getByRole('textbox', { name: /Amount in GH₵/ }).fill('10');
  await page.getByRole('textbox', { name: 'Reason (optional)' }).fill('One unit arrived scratched');
  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(page.getByRole('status')).toHaveText(/Refund of GH₵\s10\.00 sent\./);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await storeSession(page, shopper);
  await page.goto(`/order/${orderId}`);
  const refunds = page.getByRole('region', { name: 'Refunds' });
  await expect(refunds).toContainText(/GH₵\s10\.00/);
  // The test provider refunds at once.
  await expect(refunds).toContainText('Refunded');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
