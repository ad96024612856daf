import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { hasBrowser, missingBrowserMessage } from './browser';
import { freshShopper, paidOrder, pngImage, signIn, storeSession } from './helpers';

test.skip(!hasBrowser, missingBrowserMessage);

// The seeded owner of Accra Game Hub (internal/demo/catalogue.json).
const OWNER = { username: 'kwame_gamehub', password: 'Oxford-Street-Joystick-88' };

test('a store owner adds a product, sells it, ships and delivers it, and the shopper follows its part', async ({
  browser,
  page,
  request,
}) => {
  // Filed under a department no other spec lists, so the catalogue pages they read stay as seeded.
  const name = `Kente Bead Bracelet ${String(Date.now())}`;
  await storeSession(page, await signIn(request, OWNER));

  await page.goto('/seller');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  await page.goto('/seller/products/new');
  await page.getByLabel('Product name').fill(name);
  await page.getByLabel('Main category').selectOption({ label: 'Jewelry & Watches' });
  await page.getByLabel('Price (GH₵)').fill('1,250.50');
  await page.getByLabel('Stock').fill('3');
  await page.getByRole('button', { name: 'Add product' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit product' })).toBeVisible();
  const productId = Number(/\/seller\/products\/(\d+)/.exec(page.url())?.[1]);
  expect(productId).toBeGreaterThan(0);

  // Two pictures, uploaded and re-encoded by the server.
  const upload = page.getByLabel('Add an image');
  const images = page.getByRole('region', { name: 'Images' });
  await upload.setInputFiles({
    name: 'front.png',
    mimeType: 'image/png',
    buffer: pngImage(700, 700, [0, 107, 63]),
  });
  await expect(images.getByRole('img')).toHaveCount(1);
  await upload.setInputFiles({
    name: 'back.png',
    mimeType: 'image/png',
    buffer: pngImage(400, 400, [252, 209, 22]),
  });
  await expect(images.getByRole('img')).toHaveCount(2);
  await expect(images.getByRole('status')).toHaveText('Image added.');

  // On the storefront at once, with the price as typed.
  await page.goto(`/store/products/${String(productId)}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('GH₵ 1,250.50').first()).toBeVisible();
  await expect(page.getByText('In Stock: 3').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show image 2 of 2' })).toBeVisible();
  const main = page.getByRole('img', { name });
  await expect(main).toHaveAttribute('srcset', /-320\.jpg 320w, .*-640\.jpg 640w/);
  expect(await main.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  const shopper = await freshShopper(request);
  const orderId = await paidOrder(request, shopper, productId);

  await page.goto('/seller/orders?status=processing');
  const short = orderId.slice(0, 8).toUpperCase();
  // Two at GH₵ 1,250.50: the line and the store's total.
  await expect(page.getByText('GH₵ 2,501.00')).toHaveCount(2);
  await page
    .getByRole('button', { name: new RegExp(`Mark shipped: order #${short}`, 'i') })
    .click();
  await page.getByLabel('Tracking note (optional)').fill('VIP bus parcel 4471');
  await page.getByRole('dialog').getByRole('button', { name: 'Mark shipped' }).click();
  await expect(page.getByRole('status')).toHaveText(`Order #${short} marked shipped.`);
  await page.getByRole('link', { name: 'Shipped' }).click();
  await expect(
    page.getByRole('button', { name: new RegExp(`Mark delivered: order #${short}`, 'i') }),
  ).toBeVisible();

  // The shopper follows the store's part on their order page: status, tracking note, times.
  const shopperPage = await browser.newPage();
  await storeSession(shopperPage, shopper);
  await shopperPage.goto(`/order/${orderId}`);
  const part = shopperPage.getByRole('region', { name: 'From Accra Game Hub' });
  await expect(part.locator('[data-status="shipped"]')).toHaveText('Shipped');
  await expect(part.getByText('VIP bus parcel 4471')).toBeVisible();
  await expect(part.getByText('Shipped', { exact: true }).last()).toBeVisible();
  await expect(part.getByRole('link', { name })).toBeVisible();

  // Delivered by the store: the shopper's page says so with its time.
  await page
    .getByRole('button', { name: new RegExp(`Mark delivered: order #${short}`, 'i') })
    .click();
  await expect(page.getByRole('status')).toHaveText(`Order #${short} marked delivered.`);
  await shopperPage.reload();
  await expect(part.locator('[data-status="delivered"]')).toHaveText('Delivered');
  await expect(part.getByText('Delivered', { exact: true }).last()).toBeVisible();
  await expect(part.getByText('VIP bus parcel 4471')).toBeVisible();
  await shopperPage.close();
});

test('a shopper is told the Seller Centre is for store owners', async ({ page, request }) => {
  await storeSession(page, await freshShopper(request));
  await page.goto('/seller/products');
  await expect(page.getByText('Seller Centre is for store owners.')).toBeVisible();
});
