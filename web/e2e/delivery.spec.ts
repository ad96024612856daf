import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { hasBrowser, missingBrowserMessage } from './browser';
import { freshShopper, storeSession } from './helpers';

test.skip(!hasBrowser, missingBrowserMessage);
test.use({ viewport: { width: 360, height: 800 } });

// Seeded demo products (internal/demo/catalogue.json) that no other spec orders: 73 a screen
// protector of Kumasi Phone Plaza (ships from Kumasi), 78 a charger of Tamale Digital Hub. The
// demo's zones (internal/demo/delivery.go): Ashanti GH₵ 40 in 2–4 working days, Kumasi GH₵ 35 in
// 2–3; the Adum Pickup Station in Kumasi.
const PROTECTOR = 73;
const CHARGER = 78;

/** A day as the pages write it: 'Tue 1 Dec' (no-break spaces inside). */
const DAY = String.raw`\w{3}\s\d{1,2}\s\w{3}`;

async function noAxeViolations(page: Page) {
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
}

/** Neither at 360 px nor at 320 px does the page scroll sideways; it is left at 360 px. */
async function fitsTheScreen(page: Page) {
  for (const width of [320, 360]) {
    await page.setViewportSize({ width, height: 800 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(width);
  }
}

test('a shopper picks a region, bags two stores’ products, checks out to a new address with a pickup station for one part, pays and sees the dates', async ({
  page,
  request,
}) => {
  // Two product pages, checkout, payment and the order page, each checked at two widths with axe:
  // about 30 s alone, more on a busy machine.
  test.setTimeout(90_000);
  await storeSession(page, await freshShopper(request));

  // The product page asks for the region once, then shows its fee and dates.
  await page.goto(`/store/products/${String(PROTECTOR)}`);
  const line = page.getByRole('region', { name: 'Delivery' });
  await expect(line).toContainText('Choose your region to see delivery fees and dates');
  await line.getByRole('button', { name: 'Choose region' }).click();
  await page
    .getByRole('dialog', { name: 'Your region' })
    .getByRole('button', { name: 'Ashanti' })
    .click();
  await expect(line).toContainText(
    new RegExp(String.raw`^Delivery to Ashanti: GH₵\s40\.00, arrives ${DAY} – ${DAY}`),
  );
  await fitsTheScreen(page);
  await noAxeViolations(page);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Product added to cart!')).toBeVisible();

  // The region stays chosen on the next product.
  await page.goto(`/store/products/${String(CHARGER)}`);
  await expect(line).toContainText(/^Delivery to Ashanti: /);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Product added to cart!')).toBeVisible();

  await page.getByRole('link', { name: 'Cart 2 items' }).click();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  const form = page.getByRole('form', { name: 'Shipping details' });
  await form.getByLabel("Recipient's name").fill('Yaa Asantewaa');
  await form.getByLabel('Phone number').fill('024 123 4567');
  await form.getByLabel('Region').selectOption({ label: 'Ashanti' });
  await form.getByLabel('City or town').fill('Kumasi');
  await form.getByLabel('Area and street').fill('Adum, 3 Harper Road');
  await form.getByLabel('Digital address').fill('ak0395028');

  // Each store's part is quoted to Kumasi; the charger waits at the Adum station instead.
  const phones = form.getByRole('group', { name: 'From Kumasi Phone Plaza' });
  const chargers = form.getByRole('group', { name: 'From Tamale Digital Hub' });
  await expect(phones).toContainText(
    new RegExp(String.raw`Delivery: GH₵\s35\.00 · arrives ${DAY} – ${DAY}`),
  );
  await chargers.getByRole('radio', { name: 'A pickup station' }).click();
  await chargers
    .getByLabel('Pickup station', { exact: true })
    .selectOption({ label: 'Adum Pickup Station, Kumasi (GH₵\u00a020.00)' });
  await expect(chargers).toContainText(
    new RegExp(String.raw`Pickup: GH₵\s20\.00 · ready from ${DAY}`),
  );
  await expect(chargers).toContainText('Adum Pickup Station, Prempeh II Street, Adum, Kumasi');
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await expect(summary.getByText('Delivery', { exact: true }).locator('+ dd')).toHaveText(
    'GH₵\u00a055.00',
  );
  const total =
    (await summary.getByText('Total', { exact: true }).locator('+ dd').textContent()) ?? '';
  expect(total).toMatch(/^GH₵\u00a0[\d,]+\.\d\d$/);
  await fitsTheScreen(page);
  await noAxeViolations(page);

  await form.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/);
  const orderUrl = page.url();

  // What the bag showed is what the payment asks for.
  await page.getByRole('link', { name: 'Pay Now' }).click();
  await page.getByRole('button', { name: 'Pay Now' }).click();
  const popup = page.getByRole('dialog', { name: `Pay ${total}` });
  await popup.getByRole('button', { name: 'Use 4084 0840 8408 4081' }).click();
  await popup.getByRole('button', { name: `Pay ${total}` }).click();
  await expect(page.getByText('Payment verified successfully!')).toBeVisible();

  await page.goto(orderUrl);
  await expect(page.getByText('Processing', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'From Kumasi Phone Plaza' })).toContainText(
    new RegExp(String.raw`Arrives ${DAY} – ${DAY}`),
  );
  const pickup = page.getByRole('region', { name: 'From Tamale Digital Hub' });
  await expect(pickup).toContainText(
    new RegExp(String.raw`Ready for pickup at Adum Pickup Station from ${DAY}`),
  );
  await expect(pickup).toContainText('Prempeh II Street, Adum, Kumasi, Ashanti Region');
  const sums = page.getByRole('region', { name: 'Order summary' });
  await expect(sums.getByText('Delivery', { exact: true }).locator('+ dd')).toHaveText(
    'GH₵\u00a055.00',
  );
  await expect(sums.getByText('Total', { exact: true }).locator('+ dd')).toHaveText(total);
  await expect(sums).toContainText('AK-039-5028');
  await fitsTheScreen(page);
  await noAxeViolations(page);
});
