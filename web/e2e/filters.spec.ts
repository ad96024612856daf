import { expect, test, type Locator, type Page } from '@playwright/test';
import { hasBrowser, missingBrowserMessage } from './browser';
import { noAxeViolations, noSidewaysScroll } from './helpers';

test.skip(!hasBrowser, missingBrowserMessage);

// Issue 19, filters and sorting (decision 0021): in the demo's Smartphones, Samsung between
// GH₵ 4,000 and GH₵ 16,000 is the Galaxy A35, A55, Z Flip6 and S24 Ultra. The filters live in the
// address: the back button and a reload bring them back.

const SMARTPHONES = '/category/mobile-phones-and-tablets/smartphones';
const CHEAPEST_FIRST = [
  'Samsung Galaxy A35 5G 128GB – Awesome Lilac',
  'Samsung Galaxy A55 5G 256GB – Awesome Navy',
  'Samsung Galaxy Z Flip6 256GB – Mint',
  'Samsung Galaxy S24 Ultra',
];

/** The product names of the list, in order. */
function names(page: Page) {
  return page.getByRole('main').getByRole('article').getByRole('heading').allTextContents();
}

async function settled(page: Page) {
  // The server's first screen (inert) stays until the app's first render commits, and shows
  // nothing busy: wait for the app's page first.
  await expect(page.locator('#root > [inert]')).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** Samsung, then GH₵ 4,000 to 16,000, in the filters given; then cheapest first. */
async function chooseSamsungAndPrice(page: Page, filters: Locator) {
  await filters.getByRole('checkbox', { name: /^Samsung/ }).click();
  await expect(filters.getByRole('checkbox', { name: /^Samsung/ })).toBeChecked();
  await expect(page).toHaveURL(/brand=Samsung/);
  await filters.getByRole('textbox', { name: 'Lowest' }).fill('4,000');
  await filters.getByRole('textbox', { name: 'Highest' }).fill('16000');
  await filters.getByRole('button', { name: 'Go' }).click();
  await expect(page).toHaveURL(/unit_price__gt=3999\.99&unit_price__lt=16000\.01/);
}

/** Smartphones on a 360 px phone, with the filter sheet opened. */
async function openSheetAt360(page: Page) {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(SMARTPHONES);
  await settled(page);
  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  return page.getByRole('dialog', { name: 'Filters' });
}

async function sortCheapestFirstThenBackAndReload(page: Page) {
  await expect.poll(async () => (await names(page)).sort()).toEqual([...CHEAPEST_FIRST].sort());
  await page.getByLabel('Sort by').selectOption('unit_price');
  await expect.poll(() => names(page)).toEqual(CHEAPEST_FIRST);

  // Back: the order chosen goes, the filters stay.
  await page.goBack();
  await expect(page).not.toHaveURL(/ordering=/);
  await expect(page.getByLabel('Sort by')).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Remove filter: Samsung' })).toBeVisible();
  // Back again: the price range goes too.
  await page.goBack();
  await expect(page).not.toHaveURL(/unit_price__gt/);
  await expect(page.getByRole('button', { name: 'Remove filter: Samsung' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Remove filter: GH₵/ })).toHaveCount(0);
  await page.goForward();
  await page.goForward();
  await expect.poll(() => names(page)).toEqual(CHEAPEST_FIRST);

  // A reload keeps everything.
  await page.reload();
  await expect.poll(() => names(page)).toEqual(CHEAPEST_FIRST);
  await expect(page.getByLabel('Sort by')).toHaveValue('unit_price');
  await expect(
    page.getByRole('button', { name: 'Remove filter: GH₵ 4,000.00 – GH₵ 16,000.00' }),
  ).toBeVisible();
  await settled(page);
}

test('filters by brand and price, sorts by price, and keeps them across back and reload at 1280 px', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(SMARTPHONES);
  const filters = page.getByRole('complementary', { name: 'Filters' });
  await expect(filters.getByRole('checkbox', { name: /^Samsung \(6 products/ })).toBeVisible();
  await chooseSamsungAndPrice(page, filters);
  // A chosen brand keeps the other brands' counts.
  await expect(filters.getByRole('checkbox', { name: /^Tecno/ })).toBeVisible();
  await sortCheapestFirstThenBackAndReload(page);
  await noAxeViolations(page);
});

test('filters in a bottom sheet on a 360 px phone, with the same address rules', async ({
  page,
}) => {
  const dialog = await openSheetAt360(page);
  await chooseSamsungAndPrice(page, dialog);
  await dialog.getByRole('button', { name: 'Show 4 results' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Filters (2)' })).toBeVisible();
  await sortCheapestFirstThenBackAndReload(page);
  await noSidewaysScroll(page);
  await noAxeViolations(page);

  // Nothing matches: the page says so and clears the filters.
  await page.goto(`${SMARTPHONES}?brand=Nokia`);
  await expect(page.getByText('No products match these filters.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).not.toHaveURL(/brand=/);
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
});

test('chooses several stores in the 360 px bottom sheet, the total their sum, and clears them', async ({
  page,
}) => {
  const sheet = await openSheetAt360(page);
  // A bottom sheet: as wide as the screen, its bottom the screen's.
  await expect
    .poll(async () => {
      const box = await sheet.boundingBox();
      return box && [Math.round(box.x), Math.round(box.width), Math.round(box.y + box.height)];
    })
    .toEqual([0, 360, 800]);
  const stores = sheet.getByRole('group', { name: 'Store' }).getByRole('checkbox');
  const counts: number[] = [];
  for (const i of [0, 1]) {
    // The label reads 'Name (12 products)'.
    const label = await stores.nth(i).locator('xpath=..').innerText();
    counts.push(Number(/\((\d+)/.exec(label)?.[1]));
    await stores.nth(i).click();
    await expect(stores.nth(i)).toBeChecked();
  }
  await expect(page).toHaveURL(/store=\d+&store=\d+/);
  // The apply button stays in sight below the choices, with the sum of the two stores.
  const show = sheet.getByRole('button', {
    name: `Show ${String(counts.reduce((a, b) => a + b))} results`,
  });
  await expect(show).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );
  await noAxeViolations(page);
  await sheet.getByRole('button', { name: 'Clear' }).click();
  await expect(page).not.toHaveURL(/store=/);
  await expect(stores.nth(0)).not.toBeChecked();
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Filters', exact: true })).toBeFocused();
});

// Issue 24: option values as filters. Of the demo's smartphones, the Galaxy S24 Ultra and the
// iPhone 15 Pro Max have 256 GB variants; only the Galaxy has one in Titanium Gray.
test('filters phones by storage and colour in the 320 px sheet, kept by the address, back and reload', async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 720 });
  await page.goto(SMARTPHONES);
  await settled(page);
  const all = (await names(page)).length;
  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  const sheet = page.getByRole('dialog', { name: 'Filters' });
  const storage = sheet.getByRole('group', { name: 'Storage' });
  // Storages in byte order, each with its count.
  await expect(storage.getByRole('checkbox')).toHaveCount(3);
  const labels = await storage.locator('label').allInnerTexts();
  expect(labels.map((l) => l.replace(/\s*\(.*$/s, ''))).toEqual(['256 GB', '512 GB', '1 TB']);
  await storage.getByRole('checkbox', { name: /^256 GB \(2 products/ }).click();
  await expect(page).toHaveURL(/option=Storage%3A256\+GB/);
  await expect(sheet.getByRole('button', { name: 'Show 2 results' })).toBeVisible();
  // With 256 GB chosen, the colours are those of 256 GB variants.
  const colour = sheet.getByRole('group', { name: 'Colour' });
  await colour.getByRole('checkbox', { name: /^Titanium Gray \(1 product/ }).click();
  await expect(page).toHaveURL(/option=Storage%3A256\+GB&option=Colour%3ATitanium\+Gray/);
  await expect(sheet.getByRole('button', { name: 'Show 1 result' })).toBeVisible();
  await noSidewaysScroll(page);
  await noAxeViolations(page);
  await sheet.getByRole('button', { name: 'Show 1 result' }).click();
  await expect(sheet).toHaveCount(0);
  await expect.poll(() => names(page)).toEqual(['Samsung Galaxy S24 Ultra']);
  await expect(page.getByRole('button', { name: 'Filters (2)' })).toBeVisible();
  await expect(
    page.getByRole('button', { name: 'Remove filter: Colour: Titanium Gray' }),
  ).toBeVisible();

  // Back: the colour goes, both 256 GB phones come back.
  await page.goBack();
  await expect(page).not.toHaveURL(/Colour/);
  await expect
    .poll(async () => (await names(page)).sort())
    .toEqual(['Samsung Galaxy S24 Ultra', 'iPhone 15 Pro Max']);
  await page.goForward();
  // A reload keeps both.
  await page.reload();
  await expect.poll(() => names(page)).toEqual(['Samsung Galaxy S24 Ultra']);
  await page.getByRole('button', { name: 'Remove filter: Storage: 256 GB' }).click();
  await page.getByRole('button', { name: 'Remove filter: Colour: Titanium Gray' }).click();
  await expect.poll(async () => (await names(page)).length).toBe(all);
  await noAxeViolations(page);
});
