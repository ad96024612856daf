import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { hasBrowser, missingBrowserMessage } from './browser';
import { freshShopper, paidOrder, pngImage, signIn, storeSession } from './helpers';

test.skip(!hasBrowser, missingBrowserMessage);

// The seeded staff account and a product no other spec reviews: 53 Infinix (internal/demo).
const STAFF = { username: 'staff', password: 'akwaaba-staff-2026' };
const INFINIX = 53;

test('staff approve a review and it appears on the product page', async ({ page, request }) => {
  const shopper = await freshShopper(request);
  await paidOrder(request, shopper, INFINIX);
  const text = `Battery lasts two days in Tamale heat (${String(Date.now())}).`;
  const posted = await request.post(`/api/store/products/${String(INFINIX)}/reviews/`, {
    headers: { Authorization: `Bearer ${shopper.access}` },
    data: { review: text, rating: 5 },
  });
  expect(posted.status(), await posted.text()).toBe(201);

  await page.goto(`/store/products/${String(INFINIX)}`);
  await expect(page.getByText(text)).toHaveCount(0);

  await storeSession(page, await signIn(request, STAFF));
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Reviews & ratings' })).toBeVisible();
  await expect(page.getByText(text)).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  const review = page.getByRole('listitem').filter({ hasText: text });
  await review.getByRole('button', { name: /^Approve the review by/ }).click();
  await expect(page.getByRole('status')).toHaveText(/approved\.$/);
  await expect(page.getByText(text)).toHaveCount(0);

  await page.goto(`/store/products/${String(INFINIX)}`);
  await expect(page.getByText(text)).toBeVisible();
});

test('a shopper is told the staff area is for staff', async ({ page, request }) => {
  await storeSession(page, await freshShopper(request));
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'This area is for Dwa staff.' })).toBeVisible();
});

test('the staff accounts and complaints pages work on a phone and pass axe', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const complained = await request.post('/api/store/api/send_complaint/', {
    data: { email: 'e2e-complaint@example.test', complaint: 'The delivery was late.' },
  });
  expect(complained.ok(), await complained.text()).toBe(true);
  await storeSession(page, await signIn(request, STAFF));
  await page.goto('/admin/users');
  await page.getByRole('searchbox', { name: 'Find an account' }).fill('kwame_gamehub');
  await expect(page.getByRole('button', { name: 'Make kwame_gamehub staff' })).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await page.getByRole('link', { name: 'Complaints' }).click();
  await expect(page.getByText('The delivery was late.').first()).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test('staff add a slide with an image; the categories, slides and analytics pages pass axe at 360 px', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await storeSession(page, await signIn(request, STAFF));
  await page.goto('/admin/categories');
  await expect(page.getByRole('article', { name: 'Gaming', exact: true })).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  const title = `E2E slide ${String(Date.now())}`;
  await page.getByRole('link', { name: 'Home page slides' }).click();
  const form = page.getByRole('form', { name: 'Add a slide' });
  await form.getByRole('textbox', { name: 'Title' }).fill(title);
  await form.getByRole('textbox', { name: /Link/ }).fill('/category/gaming');
  await form.getByRole('button', { name: 'Add slide' }).click();
  const slide = page.getByRole('form', { name: `Slide “${title}”` });
  await slide.getByLabel('Slide image').setInputFiles({
    name: 'banner.png',
    mimeType: 'image/png',
    buffer: pngImage(900, 300, [0, 107, 63]),
  });
  await expect(slide.getByRole('img', { name: `Image of “${title}”` })).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  // Hidden until shown: the home page does not carry it; then removed again.
  const hero = await request.get('/api/store/hero/');
  expect(await hero.text()).not.toContain(title);
  await slide.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('form', { name: `Slide “${title}”` })).toHaveCount(0);

  await page.getByRole('link', { name: 'Analytics' }).click();
  await expect(page.getByRole('heading', { name: 'Page views per day' })).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test('staff open a store for a user, then suspend it and its product leaves the shop', async ({
  page,
  request,
}) => {
  const owner = await freshShopper(request);
  const storeName = `E2E Beads ${String(Date.now())}`;
  await storeSession(page, await signIn(request, STAFF));
  await page.goto('/admin/stores');
  const form = page.getByRole('form', { name: 'Open a store' });
  await form.getByRole('textbox', { name: "Owner's username" }).fill(owner.username);
  await form.getByRole('textbox', { name: 'Store name' }).fill(storeName);
  await form.getByRole('button', { name: 'Open store' }).click();
  await expect(form.getByRole('status')).toHaveText(
    `${storeName} is open: ${owner.username} now has the Seller Centre.`,
  );
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

  // The new owner lists a product through the Seller Centre's API.
  const categories = (await (await request.get('/api/store/categories/')).json()) as {
    id: number;
    name: string;
  }[];
  const jewellery = categories.find((c) => c.name === 'Jewelry & Watches');
  const product = `Kente bead bracelet ${String(Date.now())}`;
  const created = await request.post('/api/seller/products/', {
    headers: { Authorization: `Bearer ${owner.access}` },
    data: { name: product, category_id: jewellery?.id, price: '85.00', inventory: 4 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const search = `/search?query=${encodeURIComponent(product)}`;
  await page.goto(search);
  await expect(page.getByRole('link', { name: product }).first()).toBeVisible();

  await page.goto('/admin/stores');
  await findOnlyStore(page, storeName);
  await page.getByRole('button', { name: `Suspend ${storeName}` }).click();
  await expect(page.getByRole('status').last()).toHaveText(
    `${storeName} is suspended: its products are hidden from shoppers.`,
  );
  await page.goto(search);
  await expect(page.getByText('No products found.')).toBeVisible();
  await expect(page.getByRole('link', { name: product })).toHaveCount(0);

  await page.goto('/admin/stores');
  await findOnlyStore(page, storeName);
  await page.getByRole('button', { name: `Reinstate ${storeName}` }).click();
  await expect(page.getByRole('status').last()).toHaveText(`${storeName} is open again.`);
  await page.goto(search);
  await expect(page.getByRole('link', { name: product }).first()).toBeVisible();
});

// findOnlyStore filters the staff's store list down to one store and waits
// until the list shows only it: a click while the filtered answer replaces
// the longer list lands wherever the button was a moment before.
async function findOnlyStore(page: Page, storeName: string) {
  await page.getByRole('searchbox', { name: 'Find a store' }).fill(storeName);
  await expect(page.getByRole('list', { name: 'Stores' }).getByRole('listitem')).toHaveCount(1);
}
