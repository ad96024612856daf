import { expect, test } from '@playwright/test';
import { hasBrowser, missingBrowserMessage } from './browser';
import { noAxeViolations, noSidewaysScroll, signIn, storeSession } from './helpers';

test.skip(!hasBrowser, missingBrowserMessage);
test.use({ viewport: { width: 360, height: 800 } });

// The seeded owner of Accra Game Hub (internal/demo/catalogue.json).
const OWNER = { username: 'kwame_gamehub', password: 'Oxford-Street-Joystick-88' };

test('a store owner imports a file with problems, fixes it, applies it and deactivates the new products', async ({
  page,
  request,
}) => {
  const stamp = String(Date.now());
  // Filed under a department no other spec lists, so the catalogue pages they read stay as seeded.
  const header = 'sku,name,category,price,stock,active\n';
  const rows = (price: string, secondSku: string) =>
    `BEAD-${stamp}-1,Bead Necklace ${stamp},jewelry-watches,${price},3,yes\n` +
    `${secondSku},Brass Anklet ${stamp},jewelry-watches,45.00,7,yes\n`;
  await storeSession(page, await signIn(request, OWNER));

  await page.goto('/seller/products');
  await page.getByRole('link', { name: 'Import / export' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Import and export products' }),
  ).toBeVisible();
  await noAxeViolations(page);
  await noSidewaysScroll(page);

  const apply = page.getByRole('button', { name: 'Apply' });
  await page.getByLabel('CSV file').setInputFiles({
    name: 'products.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(header + rows('12.5.0', '')),
  });
  // The check runs as a background job: 202 with the job, then read until it is done.
  const started = page.waitForResponse(
    (r) => r.url().includes('/api/seller/product-imports/') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Check file' }).click();
  expect((await started).status()).toBe(202);
  const problems = page.getByRole('list', { name: 'Problems' });
  await expect(problems.getByRole('listitem')).toHaveText([
    'Row 2, price: Enter a price in GH₵ like 1,234.50.',
    'Row 3, sku: Give a new product a SKU (or the id of the product to update).',
  ]);
  await expect(apply).toHaveAttribute('aria-disabled', 'true');
  await noAxeViolations(page);

  // Nothing of it was written.
  await page.goto(`/seller/products?search=${stamp}`);
  await expect(page.getByText('No products match.')).toBeVisible();

  await page.goto('/seller/products/import');
  await page.getByLabel('CSV file').setInputFiles({
    name: 'products.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(header + rows('12.50', `bead-${stamp}-2`)),
  });
  await page.getByRole('button', { name: 'Check file' }).click();
  await expect(
    page.getByText(
      'No problems in 2 rows: 2 new products, 0 changed products, 0 unchanged rows. Apply to make the changes.',
    ),
  ).toBeVisible();
  // The apply is a job too; its last reading is done, with the report the page shows.
  const done = page.waitForResponse(async (r) => {
    if (!r.url().includes('/api/seller/product-imports/') || r.request().method() !== 'GET')
      return false;
    return ((await r.json()) as { status: string }).status === 'done';
  });
  await apply.click();
  await expect(
    page.getByText('Done: 2 new products, 0 changed products, 0 unchanged rows.'),
  ).toBeVisible();
  expect(((await (await done).json()) as { dry_run: boolean }).dry_run).toBe(false);

  await page.goto(`/seller/products?search=${stamp}`);
  const list = page.getByRole('list', { name: 'Your products' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByText(`Bead Necklace ${stamp}`)).toBeVisible();
  await expect(list.getByText('GH₵ 12.50')).toBeVisible();

  await page.getByLabel('Choose all on this page').check();
  const bar = page.getByRole('region', { name: 'Chosen products' });
  await expect(bar.getByText('2 products chosen')).toBeVisible();
  await noAxeViolations(page);
  await noSidewaysScroll(page);
  await bar.getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByText('Changed 2 products.')).toBeVisible();
  await expect(list.getByText('Inactive')).toHaveCount(2);
  await expect(bar).toBeHidden();
});
