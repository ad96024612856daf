import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { hasBrowser, missingBrowserMessage } from './browser';
import { freshShopper, storeSession, type Shopper } from './helpers';

test.skip(!hasBrowser, missingBrowserMessage);
test.use({ viewport: { width: 360, height: 780 } });

// 22 EA Sports FC 25 (30 in stock, GH₵ 720.00): checkout.spec.ts bags one at a time too.
const FC25 = 22;

async function pendingOrder(page: Page, request: APIRequestContext): Promise<string> {
  const shopper: Shopper = await freshShopper(request);
  await storeSession(page, shopper);
  const headers = { Authorization: `Bearer ${shopper.access}` };
  const added = await request.post('/api/store/cart-items/', {
    headers,
    data: { product_id: FC25, quantity: 1 },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const placed = await request.post('/api/store/orders/', {
    headers,
    data: { shipping_address: '5 Liberation Rd, Accra', contact_info: '0241234567' },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return ((await placed.json()) as { id: string }).id;
}

async function payByMoMo(page: Page, number: string) {
  await page.getByLabel('Mobile money number').fill(number);
  await page.getByRole('button', { name: 'Pay with mobile money' }).click();
}

test('MoMo: the approve screen, then the order is paid', async ({ page, request }) => {
  const orderId = await pendingOrder(page, request);
  await page.goto(`/payment/${orderId}`);
  await expect(page.getByText('TEST MODE', { exact: true })).toBeVisible();
  await payByMoMo(page, '055 123 4987');
  await expect(
    page.getByRole('heading', { name: 'Approve the prompt on your phone' }),
  ).toBeVisible();
  await expect(page.getByText('We sent a payment request to 0551234987 (MTN MoMo).')).toBeVisible();
  // A reload comes back to the same charge.
  await page.reload();
  await expect(
    page.getByRole('heading', { name: 'Approve the prompt on your phone' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/orders$/, { timeout: 20_000 });
  await expect(page.getByText('Payment verified successfully!')).toBeVisible();
});

test('Telecel voucher: a wrong code is refused, the right one goes through', async ({
  page,
  request,
}) => {
  const orderId = await pendingOrder(page, request);
  await page.goto(`/payment/${orderId}`);
  await page.getByLabel('Mobile money number').fill('020 123 4567');
  await expect(page.getByLabel('Network')).toHaveValue('vod');
  await page.getByRole('button', { name: 'Pay with mobile money' }).click();
  await page.getByLabel('Voucher code').fill('000000');
  await page.getByRole('button', { name: 'Submit code' }).click();
  await expect(
    page.getByText(
      'That code was not accepted. Dial *110#, choose Generate voucher and type the new code.',
    ),
  ).toBeVisible();
  await page.getByLabel('Voucher code').fill('123456');
  await page.getByRole('button', { name: 'Submit code' }).click();
  await expect(
    page.getByRole('heading', { name: 'Approve the prompt on your phone' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/orders$/, { timeout: 20_000 });
});

test('a prompt nobody answers times out, and the card pays instead', async ({ page, request }) => {
  const orderId = await pendingOrder(page, request);
  await page.goto(`/payment/${orderId}`);
  await payByMoMo(page, '055 123 4990');
  await expect(
    page.getByRole('heading', { name: 'Approve the prompt on your phone' }),
  ).toBeVisible();
  await expect(
    page.getByText('The prompt was not approved in time. Try again, or pay another way.'),
  ).toBeVisible({ timeout: 40_000 });
  await page.getByRole('button', { name: 'Pay Now' }).click();
  const popup = page.getByRole('dialog');
  await popup.getByRole('button', { name: 'Use 4084 0840 8408 4081' }).click();
  await popup.getByRole('button', { name: /^Pay GH₵/ }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByText('Payment verified successfully!')).toBeVisible();
});
