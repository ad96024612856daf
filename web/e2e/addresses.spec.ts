import { expect, test, type Page } from '@playwright/test';
import { hasBrowser, missingBrowserMessage } from './browser';
import { freshShopper, noAxeViolations, noSidewaysScroll, storeSession } from './helpers';

test.skip(!hasBrowser, missingBrowserMessage);

// A seeded demo product no other spec orders (internal/demo/catalogue.json): 68 itel it2163
// Dual SIM Keypad Phone, 55 in stock.
const KEYPAD = 68;

/** No axe violations, and nothing scrolls sideways at the page's width. */
async function checkPage(page: Page) {
  await noAxeViolations(page);
  await noSidewaysScroll(page);
}

test.use({ viewport: { width: 360, height: 800 } });

test('checkout adds an address with a digital address in place, and the order shows it', async ({
  page,
  request,
}) => {
  const shopper = await freshShopper(request);
  await storeSession(page, shopper);
  const added = await request.post('/api/store/cart-items/', {
    headers: { Authorization: `Bearer ${shopper.access}` },
    data: { product_id: KEYPAD, quantity: 1 },
  });
  expect(added.ok(), await added.text()).toBe(true);

  await page.goto('/cart');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  const form = page.getByRole('form', { name: 'Shipping details' });
  // No saved address yet: the fields are open.
  await expect(form.getByLabel("Recipient's name")).toBeVisible();
  await form.getByRole('button', { name: 'Place Order' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    'Shipping address and contact number are required.',
  );
  await checkPage(page);

  await form.getByLabel("Recipient's name").fill('Abena Owusu');
  await form.getByLabel('Phone number').fill('+233 (0) 20 765 4321');
  await form.getByLabel('Region').selectOption({ label: 'Ashanti' });
  await form.getByLabel('City or town').fill('Kumasi');
  await form.getByLabel('Area and street').fill('Asokwa, 3rd Ring Road');
  await form.getByLabel('Digital address').fill('ak0395 0281');
  await form.getByLabel('Landmark').fill('Behind the Asokwa police station');
  await form.getByLabel('Directions').fill('Yellow gate; call when you reach the junction.');
  await expect(form.getByRole('checkbox', { name: 'Save it in my address book' })).toBeChecked();
  await form.getByRole('button', { name: 'Place Order' }).click();

  await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}$/);
  const summary = page.getByRole('region', { name: 'Order summary' });
  const delivery = summary.locator('address');
  await expect(delivery).toContainText('Abena Owusu');
  await expect(delivery).toContainText('020 765 4321');
  await expect(delivery).toContainText('Kumasi, Ashanti Region');
  await expect(delivery).toContainText('Digital address: AK-0395-0281');
  await expect(delivery).toContainText('Landmark: Behind the Asokwa police station');
  await checkPage(page);

  // Saved too: the account's address book has it, the default.
  await page.goto('/account');
  const book = page.getByRole('region', { name: 'Delivery addresses' });
  await expect(book.getByRole('listitem', { name: 'Abena Owusu' })).toContainText(
    'Asokwa, 3rd Ring Road, Kumasi, Ashanti Region, AK-0395-0281',
  );
  await expect(book.getByRole('listitem', { name: 'Abena Owusu' })).toContainText('(default)');
});

test('the account page manages the address book', async ({ page, request }) => {
  const shopper = await freshShopper(request);
  await storeSession(page, shopper);
  await page.goto('/account');
  const book = page.getByRole('region', { name: 'Delivery addresses' });
  await expect(book.getByText('No saved addresses yet.')).toBeVisible();

  const add = async (name: string, region: string, city: string) => {
    await book.getByRole('button', { name: 'Add an address' }).click();
    const form = book.getByRole('form', { name: 'New address' });
    await form.getByLabel("Recipient's name").fill(name);
    await form.getByLabel('Phone number').fill('0241234567');
    await form.getByLabel('Region').selectOption({ label: region });
    await form.getByLabel('City or town').fill(city);
    await form.getByLabel('Area and street').fill('Main Street');
    await form.getByRole('button', { name: 'Save address' }).click();
    await expect(book.getByRole('listitem', { name })).toBeVisible();
  };
  await add('Kojo Home', 'Greater Accra', 'Accra');
  await add('Kojo Office', 'Northern', 'Tamale');
  await checkPage(page);

  // The first is the default; choosing the other moves it.
  const office = book.getByRole('listitem', { name: 'Kojo Office' });
  await expect(book.getByRole('listitem', { name: 'Kojo Home' })).toContainText('(default)');
  await office.getByRole('button', { name: 'Make default' }).click();
  await expect(office).toContainText('(default)');
  await expect(book.getByRole('listitem', { name: 'Kojo Home' })).not.toContainText('(default)');

  // An edit keeps what it does not change; a bad digital address is said at its field.
  await office.getByRole('button', { name: 'Edit' }).click();
  const edit = book.getByRole('form', { name: 'Edit address' });
  await expect(edit.getByLabel('City or town')).toHaveValue('Tamale');
  await edit.getByLabel('Digital address').fill('NT-12-3456');
  await edit.getByRole('button', { name: 'Save address' }).click();
  await expect(edit.getByLabel('Digital address')).toHaveAccessibleDescription(
    /Enter a GhanaPost GPS digital address, like GA-183-8164\.$/,
  );
  await checkPage(page);
  await edit.getByLabel('Digital address').fill('nt-0123-4567');
  await edit.getByRole('button', { name: 'Save address' }).click();
  await expect(book.getByRole('listitem', { name: 'Kojo Office' })).toContainText('NT-0123-4567');

  await book
    .getByRole('listitem', { name: 'Kojo Home' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(book.getByRole('listitem', { name: 'Kojo Home' })).toHaveCount(0);
  await expect(book.getByRole('listitem')).toHaveCount(1);
});
