import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { hasBrowser, missingBrowserMessage } from './browser';
import {
  freshShopper,
  noAxeViolations,
  noSidewaysScroll,
  pendingOrder,
  storeSession,
  type Shopper,
} from './helpers';

test.skip(!hasBrowser, missingBrowserMessage);

// Seeded demo products (internal/demo/catalogue.json) that no other spec orders, so parallel
// tests cannot take each other's stock: 12 Xbox Wireless Controller (25 in stock, GH₵ 780.00),
// 22 EA Sports FC 25 (30, GH₵ 720.00), 48 Tecno Spark 20 (35, GH₵ 1,650.00), 46 Samsung Galaxy
// A15 (22 in stock).
const CONTROLLER = 12;
const FC25 = 22;
const TECNO = 48;
const GALAXY = 46;

const bearer = (shopper: Shopper) => ({ Authorization: `Bearer ${shopper.access}` });

/** Bags a product through the API, as the shopper. */
async function bag(request: APIRequestContext, shopper: Shopper, productId: number, quantity = 1) {
  const added = await request.post('/api/store/cart-items/', {
    headers: bearer(shopper),
    data: { product_id: productId, quantity },
  });
  expect(added.ok(), await added.text()).toBe(true);
}

/** Types a new delivery address in Accra into the checkout form (decision 0023). */
async function fillAddress(page: Page, area: string) {
  const form = page.getByRole('form', { name: 'Shipping details' });
  await form.getByLabel("Recipient's name").fill('Esi Arthur');
  await form.getByLabel('Phone number').fill('+233 24 123 4567');
  await form.getByLabel('Region').selectOption({ label: 'Greater Accra' });
  await form.getByLabel('City or town').fill('Accra');
  await form.getByLabel('Area and street').fill(area);
}

async function signedIn(page: Page, request: APIRequestContext) {
  const shopper = await freshShopper(request);
  await storeSession(page, shopper);
  return shopper;
}

test('a shopper bags two products, checks out, pays with the success card and sees it processing', async ({
  page,
  request,
}) => {
  await signedIn(page, request);
  for (const id of [CONTROLLER, FC25]) {
    await page.goto(`/store/products/${String(id)}`);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByText('Product added to cart!')).toBeVisible();
  }

  await page.getByRole('link', { name: 'Cart 2 items' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Shopping Bag' })).toBeVisible();
  const lines = page.getByRole('list', { name: 'Items in your bag' }).getByRole('listitem');
  await expect(lines).toHaveCount(2);
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await expect(summary).toContainText('Subtotal (2 items)GH₵ 1,500.00');
  await expect(summary).toContainText('ShippingFREE');

  // Quantity never goes below 1; a step up is saved and the totals follow.
  const controller = lines.filter({ hasText: 'Xbox Wireless Controller' });
  await expect(controller.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
  await controller.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(summary).toContainText('TotalGH₵ 2,280.00');
  await expect(page.getByRole('link', { name: 'Cart 3 items' })).toBeVisible();

  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  const form = page.getByRole('form', { name: 'Shipping details' });
  await form.getByRole('button', { name: 'Place Order' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    'Shipping address and contact number are required.',
  );
  await fillAddress(page, '14 Cantonments Rd');
  await form.getByRole('button', { name: 'Place Order' }).click();

  await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/);
  // One short form of the order's id on the detail, payment and list pages (issue 19, defect 8).
  const short = `#${page.url().slice(-36, -28).toUpperCase()}`;
  await expect(page.getByRole('heading', { level: 1, name: 'Order Details' })).toBeVisible();
  await expect(page.getByText(short, { exact: true })).toBeVisible();
  await expect(page.getByText('Pending', { exact: true })).toBeVisible();
  await expect(page.getByText('14 Cantonments Rd')).toBeVisible();
  await expect(page.getByText('GH₵ 2,280.00')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart' })).toBeVisible(); // the bag is empty now

  await page.getByRole('link', { name: 'Pay Now' }).click();
  await expect(page.getByRole('heading', { name: 'Complete Your Payment' })).toBeVisible();
  await expect(page.getByText(`Order ID: ${short}`, { exact: true })).toBeVisible();
  await expect(page.getByText('GH₵ 2,280.00')).toBeVisible();
  await expect(page.getByText('Secure SSL Encryption')).toBeVisible();
  await page.getByRole('button', { name: 'Pay Now' }).click();

  const popup = page.getByRole('dialog', { name: 'Pay GH₵ 2,280.00' });
  await expect(popup.getByText('TEST MODE', { exact: true })).toBeVisible();
  await popup.getByRole('button', { name: 'Use 4084 0840 8408 4081' }).click();
  await popup.getByRole('button', { name: 'Pay GH₵ 2,280.00' }).click();

  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByText('Payment verified successfully!')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Your orders' })).toContainText('Processing');
  await expect(
    page.getByRole('list', { name: 'Your orders' }).getByRole('link', { name: `Order ${short}` }),
  ).toBeVisible();
  // Only pending orders can be deleted.
  await expect(page.getByRole('button', { name: /^Delete order/ })).toHaveCount(0);
  // The provider's script is never fetched in test mode, nor on any other page.
  await expect(page.locator('script[src*="paystack"]')).toHaveCount(0);
});

test('the decline card says so and leaves the order pending', async ({ page, request }) => {
  const shopper = await signedIn(page, request);
  const orderId = await pendingOrder(request, shopper, TECNO);

  await page.goto(`/payment/${orderId}`);
  await page.getByRole('button', { name: 'Pay Now' }).click();
  const popup = page.getByRole('dialog');
  await popup.getByLabel('Card Number').fill('4000 0000 0000 0002');
  await popup.getByRole('button', { name: /^Pay GH₵/ }).click();
  await expect(popup.getByRole('alert')).toHaveText(
    'Payment declined: Declined. No money was taken; try another card.',
  );
  await popup.getByLabel('Card Number').fill('1234');
  await popup.getByRole('button', { name: /^Pay GH₵/ }).click();
  await expect(popup.getByRole('alert')).toHaveText('Unknown test card.');
  await popup.getByRole('button', { name: 'Close' }).click();

  await page.goto(`/order/${orderId}`);
  await expect(page.getByText('Pending', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Pay Now' })).toBeVisible();
});

test('a pending order can be deleted after confirming', async ({ page, request }) => {
  const shopper = await signedIn(page, request);
  await pendingOrder(request, shopper, TECNO);

  await page.goto('/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Order Management' })).toBeVisible();
  const orders = page.getByRole('list', { name: 'Your orders' });
  await expect(orders.getByRole('listitem')).toHaveCount(1);
  await orders.getByRole('button', { name: /^Delete order/ }).click();
  const confirm = page.getByRole('dialog');
  await confirm.getByRole('button', { name: 'Keep Order' }).click();
  await expect(orders.getByRole('listitem')).toHaveCount(1);

  await orders.getByRole('button', { name: /^Delete order/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete Order' }).click();
  await expect(page.getByText('No orders found.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start shopping' })).toHaveAttribute(
    'href',
    '/products',
  );
  await page.getByRole('link', { name: 'New Order' }).click();
  await expect(page).toHaveURL(/\/products$/);
});

test('a bag line whose stock ran out blocks checkout until it is put right', async ({
  page,
  request,
}) => {
  const shopper = await signedIn(page, request);
  // The shopper bags all that is left; a rival then buys one of them.
  const product = await request.get(`/api/store/products/${String(GALAXY)}/?fields=inventory`);
  const { inventory } = (await product.json()) as { inventory: number };
  await bag(request, shopper, GALAXY, inventory);
  await pendingOrder(request, await freshShopper(request), GALAXY);

  await page.goto('/cart');
  const line = page.getByRole('listitem').filter({ hasText: 'Samsung Galaxy A15' });
  await expect(line).toContainText(
    `Only ${String(inventory - 1)} left in stock. Please lower the quantity.`,
  );
  await expect(page.getByRole('button', { name: 'Proceed to Checkout' })).toBeDisabled();
  await line.getByRole('button', { name: 'Decrease quantity' }).click();
  await expect(line).not.toContainText('left in stock');
  await expect(page.getByRole('button', { name: 'Proceed to Checkout' })).toBeEnabled();

  await line.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Your shopping bag is empty.')).toBeVisible();
});

test('the spec’s failure texts when the API fails', async ({ page, request }) => {
  const shopper = await signedIn(page, request);
  const orderId = await pendingOrder(request, shopper, TECNO);
  await bag(request, shopper, CONTROLLER);
  const fail = { status: 500, json: { detail: 'Internal server error.', code: 'server_error' } };

  await page.route(/\/api\/store\/cart-items\/\d+\/$/, (route) =>
    route.request().method() === 'PATCH' ? route.fulfill(fail) : route.fallback(),
  );
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(page.getByRole('alert')).toHaveText('Failed to update quantity. Please try again.');
  await page.route(/\/api\/store\/cart-items\/\d+\/$/, (route) =>
    route.request().method() === 'DELETE' ? route.fulfill(fail) : route.fallback(),
  );
  await page.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('alert')).toHaveText('Failed to remove item. Please try again.');

  await page.route('**/api/store/orders/', (route) =>
    route.request().method() === 'POST' ? route.fulfill(fail) : route.fallback(),
  );
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await fillAddress(page, '1 High St');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByRole('form').getByRole('alert')).toHaveText(
    'Failed to place order. Please try again.',
  );

  await page.route('**/api/store/cart-items/', (route) => route.fulfill(fail));
  await page.goto('/cart');
  await expect(page.getByRole('alert')).toContainText(
    'Failed to load your shopping bag. Please try again.',
  );

  await page.route('**/api/store/payments/', (route) => route.fulfill(fail));
  await page.goto(`/payment/${orderId}`);
  await expect(page.getByRole('alert')).toContainText(
    'Error creating payment record. Please try again.',
  );

  await page.route('**/api/store/orders/', (route) => route.fulfill(fail));
  await page.goto('/orders');
  await expect(page.getByRole('alert')).toContainText('Failed to load orders. Please try again.');

  await page.route(`**/api/store/orders/${orderId}/`, (route) => route.fulfill(fail));
  await page.goto(`/order/${orderId}`);
  await expect(page.getByRole('alert')).toContainText(
    'Failed to load order details. Please try again later.',
  );
});

test('an unknown order is not found on the order and payment pages', async ({ page, request }) => {
  await signedIn(page, request);
  const nobody = '00000000-0000-4000-8000-000000000000';
  await page.goto(`/orders/${nobody}`);
  await expect(page.getByRole('heading', { name: 'Order Not Found' })).toBeVisible();
  await expect(page.getByText('The requested order could not be located')).toBeVisible();
  await page.goto(`/payment/${nobody}`);
  await expect(page.getByRole('heading', { name: 'Order Not Found' })).toBeVisible();
  await expect(page.getByText('The requested order does not exist')).toBeVisible();
});

for (const width of [360, 1280]) {
  test(`axe finds no violations on the bag, orders, order and payment pages at ${String(width)} px`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    const shopper = await signedIn(page, request);
    const orderId = await pendingOrder(request, shopper, TECNO);
    await bag(request, shopper, FC25);
    const axe = async () => {
      await noAxeViolations(page);
      await noSidewaysScroll(page);
    };

    await page.goto('/cart');
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await expect(page.getByLabel('Phone number')).toBeVisible();
    await axe();
    await page.goto('/orders');
    await expect(page.getByRole('list', { name: 'Your orders' })).toBeVisible();
    await axe();
    await page.goto(`/order/${orderId}`);
    await expect(page.getByRole('link', { name: 'Pay Now' })).toBeVisible();
    await axe();
    await page.goto(`/payment/${orderId}`);
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await axe();
  });
}
