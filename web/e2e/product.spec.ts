import { expect, test } from '@playwright/test';
import { hasBrowser, missingBrowserMessage } from './browser';
import { freshShopper, pauseClock, storeSession } from './helpers';

test.skip(!hasBrowser, missingBrowserMessage);

// Seeded demo products (internal/demo/catalogue.json): 1 has four images and stock, 4 is out
// of stock.
const XBOX = '/store/products/1';
const SOLD_OUT = '/store/products/4';

test('gallery thumbnails switch the main image; the quantity stepper stops at 1 and 99', async ({
  page,
}) => {
  await page.goto(XBOX);
  await expect(page.getByRole('heading', { level: 1, name: 'X-Box Series X' })).toBeVisible();
  const thumbs = page.getByRole('list', { name: 'Product images' }).getByRole('button');
  await expect(thumbs).toHaveCount(4);
  await thumbs.nth(2).click();
  await expect(thumbs.nth(2)).toHaveAttribute('aria-pressed', 'true');
  await expect(thumbs.nth(0)).toHaveAttribute('aria-pressed', 'false');

  const decrease = page.getByRole('button', { name: 'Decrease quantity' });
  const increase = page.getByRole('button', { name: 'Increase quantity' });
  const quantity = page.getByRole('group', { name: 'Quantity' });
  await expect(decrease).toBeDisabled();
  await increase.click();
  await expect(quantity).toContainText('2');
  await expect(decrease).toBeEnabled();
  for (let n = 2; n < 99; n++) await increase.click();
  await expect(quantity).toContainText('99');
  await expect(increase).toBeDisabled();
  await expect(page.getByText('Fast Shipping | Fast Delivery')).toBeVisible();
});

test('Add to Cart shows its banner for 2 s and the header badge counts the bag', async ({
  page,
  request,
}) => {
  await storeSession(page, await freshShopper(request));
  await page.clock.install();
  await page.goto(XBOX);
  await page.getByRole('button', { name: 'Increase quantity' }).click();

  await pauseClock(page);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  const banner = page.getByText('Product added to cart!');
  await expect(banner).toBeVisible();
  await page.clock.runFor(1990);
  await expect(banner).toBeVisible();
  await page.clock.runFor(10);
  await expect(banner).toBeHidden();
  await page.clock.resume();
  await expect(page.getByRole('link', { name: 'Cart 2 items' })).toBeVisible();
});

test('Add to Cart and Buy Now while logged out show the log-in texts', async ({ page }) => {
  await page.goto(XBOX);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'You need to log in to add products to your cart.',
  );
  await page.getByRole('button', { name: 'Buy Now' }).click();
  await expect(page.getByRole('alert')).toHaveText('You need to log in purchase a product.');
});

test('Buy Now adds to the bag, asks for shipping details and opens the placed order', async ({
  page,
  request,
}) => {
  await storeSession(page, await freshShopper(request));
  await page.goto(XBOX);
  await page.getByRole('button', { name: 'Buy Now' }).click();
  const form = page.getByRole('form', { name: 'Shipping details' });
  await expect(form).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart 1 items' })).toBeVisible();

  await form.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please fill in all fields');

  await form.getByLabel('Shipping Address').fill('12 Oxford Street, Osu, Accra');
  await form.getByLabel('Contact Number').fill('+233 24 000 0000');
  await page.getByRole('button', { name: 'Buy Now' }).click(); // form shown and filled: orders
  await expect(page).toHaveURL(/\/order\/[\w-]+$/);
});

test('an out-of-stock product disables Add to Cart and Buy Now', async ({ page }) => {
  await page.goto(SOLD_OUT);
  await expect(page.getByText('Out of Stock', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Buy Now' })).toBeDisabled();
  await expect(page.getByText('Product is out of stock')).toBeVisible();
});

test('a review needs a login, then a purchase (the 403 detail is shown)', async ({
  page,
  request,
}) => {
  await page.goto(XBOX);
  await page.getByLabel('Your Review').fill('Great console, fast delivery.');
  await page.getByRole('button', { name: 'Submit Review' }).click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'You need to log in to submit a review and rating.' }),
  ).toBeVisible();

  await storeSession(page, await freshShopper(request));
  await page.goto(XBOX);
  await page.getByLabel('Your Review').fill('Great console, fast delivery.');
  await page.getByRole('button', { name: 'Submit Review' }).click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'You must purchase the product before leaving a review.' }),
  ).toBeVisible();
});

test('Contact Seller shows the store contact after 0.5 s and toggles it', async ({ page }) => {
  await page.clock.install();
  await page.goto(XBOX);
  const contactButton = page.getByRole('button', { name: 'Contact Seller' });
  await contactButton.scrollIntoViewIfNeeded();
  const contact = page.getByText('+233 30 254 7810', { exact: false });

  await pauseClock(page);
  await contactButton.click();
  await page.clock.runFor(490);
  await expect(contact).toBeHidden();
  await page.clock.runFor(10);
  await expect(contact).toBeVisible();
  await contactButton.click();
  await expect(contact).toBeHidden();
});

test('the wishlist heart: 401 alert when logged out, add and remove when logged in', async ({
  page,
  request,
}) => {
  await page.goto('/products');
  const heart = page.getByRole('button', { name: /^Save .* to wishlist$/ }).first();
  await heart.click();
  await expect(
    page.getByRole('alert').filter({
      hasText: 'You need to log in to add to your wishlist. (Error Status: 401)',
    }),
  ).toBeVisible();

  await storeSession(page, await freshShopper(request));
  await page.goto('/products');
  const name = (await heart.getAttribute('aria-label')) ?? '';
  const same = page.getByRole('button', { name, exact: true });
  await expect(same).toHaveAttribute('aria-pressed', 'false');
  await same.click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Added to your wishlist!' }),
  ).toBeVisible();
  await expect(same).toHaveAttribute('aria-pressed', 'true');

  // The entry is the server's: a fresh page load still shows it, and the heart removes it.
  await page.reload();
  await expect(same).toHaveAttribute('aria-pressed', 'true');
  await same.click();
  await expect(same).toHaveAttribute('aria-pressed', 'false');
});

test('a product that fails to load says so', async ({ page }) => {
  // Opened from a listing, so the page asks the API (a direct load gets the server's data).
  await page.route('**/api/store/products/1/', (route) =>
    route.fulfill({ status: 503, json: { detail: 'down' } }),
  );
  await page.goto('/category/gaming/consoles/x-box');
  // The listing is shuffled, so pick the card by its address, not its place.
  await page.getByRole('main').locator(`a[href="${XBOX}"]`).first().click();
  await expect(page).toHaveURL(XBOX);
  await expect(page.getByText('Failed to load product')).toBeVisible();
});
