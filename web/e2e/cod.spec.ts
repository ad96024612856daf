import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { hasBrowser, missingBrowserMessage } from './browser';
import {
  freshShopper,
  noAxeViolations,
  noSidewaysScroll,
  paidOrder,
  pendingOrder,
  signIn,
  storeSession,
  type Shopper,
} from './helpers';

test.skip(!hasBrowser, missingBrowserMessage);
test.use({ viewport: { width: 360, height: 780 } });
// Staff's switch and the store's opt-in are shared by the whole server: one test at a time here.
test.describe.configure({ mode: 'serial' });

// The seeded staff account and the owner of Accra Game Hub (internal/demo).
const STAFF = { username: 'staff', password: 'akwaaba-staff-2026' };
const OWNER = { username: 'kwame_gamehub', password: 'Oxford-Street-Joystick-88' };
// 23 EA Sports FC 25 (Xbox Series X), Accra Game Hub, under the GH₵ 2,000 ceiling.
const FC25_XBOX = 23;

/** Staff switch pay on delivery on (staff area) and the store opts in (Seller Centre). */
async function switchOn(page: Page, request: APIRequestContext) {
  await storeSession(page, await signIn(request, STAFF));
  await page.goto('/admin/refunds');
  const settings = page.getByRole('region', { name: 'Pay on delivery' });
  await settings.getByRole('switch', { name: 'Offer pay on delivery' }).check();
  await expect(settings.getByLabel('Highest order total in GH₵')).toHaveValue('2000');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(settings.getByRole('status')).toHaveText(
    /Pay on delivery is on, for orders up to GH₵\s2,000\.00\./,
  );
  await noSidewaysScroll(page);

  await storeSession(page, await signIn(request, OWNER));
  await page.goto('/seller/store');
  const optIn = page.getByRole('switch', { name: 'Accept pay on delivery' });
  if (!(await optIn.isChecked())) {
    await optIn.check();
    await expect(page.getByText('Pay on delivery is on for your store.')).toBeVisible();
  }
  await noSidewaysScroll(page);
}

/** A shopper with a delivered order (so pay on delivery is for them) and a new pending order. */
async function trustedShopperWithOrder(request: APIRequestContext): Promise<[Shopper, string]> {
  const shopper = await freshShopper(request, 'cod');
  const owner = await signIn(request, OWNER);
  const ownerHeaders = { Authorization: `Bearer ${owner.access}` };
  const earlier = await paidOrder(request, shopper, FC25_XBOX);
  for (const step of ['ship', 'deliver']) {
    const moved = await request.post(`/api/seller/orders/${earlier}/${step}/`, {
      headers: ownerHeaders,
    });
    expect(moved.ok(), await moved.text()).toBe(true);
  }
  return [shopper, await pendingOrder(request, shopper, FC25_XBOX)];
}

/** The shopper chooses pay on delivery on the payment page and lands on the order page. */
async function chooseCOD(page: Page, shopper: Shopper, orderId: string) {
  await storeSession(page, shopper);
  await page.goto(`/payment/${orderId}`);
  const headings = page.getByRole('main').getByRole('heading', { level: 2 });
  await expect(headings).toHaveText([
    'Pay with mobile money',
    'Or pay by card',
    'Or pay on delivery',
  ]);
  await expect(
    page.getByText(/Pay GH₵\s[\d,.]+ in cash or by mobile money to the rider/),
  ).toBeVisible();
  await noAxeViolations(page);
  await noSidewaysScroll(page);
  await page.getByRole('button', { name: 'Pay on delivery' }).click();
  await expect(page).toHaveURL(new RegExp(`/order/${orderId}$`));
  const part = page.getByRole('region', { name: 'From Accra Game Hub' });
  await expect(part.getByText(/Pay on delivery: GH₵\s[\d,.]+ due to the rider/)).toBeVisible();
  await expect(page.getByText("Pay on delivery, to each store's rider")).toBeVisible();
  await noSidewaysScroll(page);
  return part;
}

/**
 * Pay on delivery switched on, a trusted shopper chooses it for a new order, and the store's owner
 * opens its processing orders: the order's card there.
 */
async function codOrderAtTheStore(page: Page, request: APIRequestContext) {
  await switchOn(page, request);
  const [shopper, orderId] = await trustedShopperWithOrder(request);
  await chooseCOD(page, shopper, orderId);
  const short = `#${orderId.slice(0, 8).toUpperCase()}`;
  await storeSession(page, await signIn(request, OWNER));
  await page.goto('/seller/orders?status=processing');
  return { shopper, orderId, short, card: page.getByRole('article', { name: `Order ${short}` }) };
}

test('a new shopper is told why pay on delivery is not offered', async ({ page, request }) => {
  await switchOn(page, request);
  const shopper = await freshShopper(request, 'cod');
  const id = await pendingOrder(request, shopper, FC25_XBOX);
  await storeSession(page, shopper);
  await page.goto(`/payment/${id}`);
  await expect(
    page.getByText(
      'Pay on delivery is for shoppers with a delivered order or a verified phone number. Verify your number in your account to use it.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay on delivery' })).toHaveCount(0);
  await noSidewaysScroll(page);
});

test('pay on delivery to delivery: the store marks it paid when it hands it over', async ({
  page,
  request,
}) => {
  const { shopper, orderId, short, card } = await codOrderAtTheStore(page, request);
  await expect(
    card.getByText(/Pay on delivery: collect GH₵\s[\d,.]+ when you hand it over/),
  ).toBeVisible();
  await expect(card.getByRole('button', { name: /Mark delivered: order / })).toHaveCount(0);
  await noAxeViolations(page);
  await noSidewaysScroll(page);
  await card.getByRole('button', { name: `Mark paid on delivery: order ${short}` }).click();
  await expect(page.getByRole('status')).toHaveText(`Order ${short} marked paid on delivery.`);

  await storeSession(page, shopper);
  await page.goto(`/order/${orderId}`);
  const part = page.getByRole('region', { name: 'From Accra Game Hub' });
  await expect(part.locator('[data-status="delivered"]')).toHaveText('Delivered');
  await expect(part.getByText('Paid on delivery', { exact: true })).toBeVisible();
  await expect(part.getByText(/due to the rider/)).toHaveCount(0);
  await noSidewaysScroll(page);
});

test('the store cancels an unpaid pay-on-delivery order with a reason', async ({
  page,
  request,
}) => {
  const { shopper, orderId, short, card } = await codOrderAtTheStore(page, request);
  await card.getByRole('button', { name: `Cancel order ${short}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(dialog.getByText('Tell the buyer why the order is cancelled.')).toBeVisible();
  const reason =
    'The rider called three times at the Kumasi address and nobody answered, so we brought the parcel back.';
  await dialog.getByLabel('Reason').fill(reason);
  await noAxeViolations(page);
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByRole('status')).toHaveText(
    `Order ${short} cancelled. The buyer has been told.`,
  );

  await storeSession(page, shopper);
  await page.goto(`/order/${orderId}`);
  await expect(page.getByRole('note')).toContainText('Cancelled by the store');
  await expect(page.getByRole('note')).toContainText(reason);
  await noSidewaysScroll(page);
});

test('a store refunds part of its own paid order from the Seller Centre', async ({
  page,
  request,
}) => {
  const shopper = await freshShopper(request);
  const orderId = await paidOrder(request, shopper, FC25_XBOX);
  const short = `#${orderId.slice(0, 8).toUpperCase()}`;
  // Off until staff let stores refund.
  await storeSession(page, await signIn(request, OWNER));
  await page.goto('/seller/orders?status=processing');
  const card = page.getByRole('article', { name: `Order ${short}` });
  await expect(card).toBeVisible();
  await expect(card.getByRole('button', { name: `Refund order ${short}` })).toHaveCount(0);
  await storeSession(page, await signIn(request, STAFF));
  await page.goto('/admin/refunds');
  const settings = page.getByRole('region', { name: 'Refunds by stores' });
  // Saved as it is flipped.
  await settings.getByRole('switch', { name: 'Let stores refund their own orders' }).check();
  await expect(settings.getByRole('status')).toHaveText(
    'Stores may now refund their own part of paid orders.',
  );
  await noSidewaysScroll(page);

  await storeSession(page, await signIn(request, OWNER));
  await page.goto('/seller/orders?status=processing');
  await card.getByRole('button', { name: `Refund order ${short}` }).click();
  const form = card.getByRole('form', { name: `Refund order ${short}` });
  await form.getByLabel('Amount in GH₵').fill('10');
  await form.getByLabel('Reason (optional)').fill('The case arrived cracked');
  await noAxeViolations(page);
  await noSidewaysScroll(page);
  await form.getByRole('button', { name: 'Send refund' }).click();
  await expect(form.getByRole('status')).toHaveText(/Refund of GH₵\s10\.00 sent\./);

  await storeSession(page, shopper);
  await page.goto(`/order/${orderId}`);
  const refunds = page.getByRole('region', { name: 'Refunds' });
  await expect(refunds).toContainText(/GH₵\s10\.00/);
  await expect(refunds).toContainText('Refunded');
});
