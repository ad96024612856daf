import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { hasBrowser, missingBrowserMessage } from './browser';
import { freshShopper, paidOrder, signIn, storeSession } from './helpers';

test.skip(!hasBrowser, missingBrowserMessage);
test.use({ viewport: { width: 360, height: 740 } });

// The seeded owner of Accra Game Hub (internal/demo/catalogue.json).
const OWNER = { username: 'kwame_gamehub', password: 'Oxford-Street-Joystick-88' };

let counter = 0;

/** A mobile number no earlier run has used: 024 and seven digits from the clock and process. */
function freshNumber() {
  counter += 1;
  const digits = String((Date.now() * 10 + process.pid + counter) % 10_000_000).padStart(7, '0');
  return { local: `024${digits}`, e164: `+23324${digits}` };
}

/**
 * The texts the e2e server wrote to `e164` containing `containing`, newest first (without an SMS
 * provider its outbox writes .txt files into the data directory's sms/); waits until there are
 * at least `count`.
 */
async function textsTo(e164: string, containing: string, count = 1): Promise<string[]> {
  const dir = join(process.env.DWA_E2E_DATA_DIR ?? '', 'sms');
  let found: string[] = [];
  await expect
    .poll(
      async () => {
        const names = await readdir(dir).catch(() => [] as string[]);
        found = [];
        for (const name of names
          .filter((n) => n.endsWith('.txt'))
          .sort()
          .reverse()) {
          const text = await readFile(join(dir, name), 'utf8');
          if (text.startsWith(`To: ${e164}\n`) && text.includes(containing)) found.push(text);
        }
        return found.length;
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return found;
}

/** The code of the `count`-th text of this kind to the number (the newest once it is there). */
async function codeTo(e164: string, kind: string, count = 1) {
  const [newest = ''] = await textsTo(e164, `Your Dwa ${kind} code is`, count);
  return /code is (\d{6})/.exec(newest)?.[1] ?? '';
}

async function usernameOf(request: APIRequestContext, access: string) {
  const me = await request.get('/api/auth/users/me/', {
    headers: { Authorization: `Bearer ${access}` },
  });
  return ((await me.json()) as { username: string }).username;
}

test('signs up by phone, signs in again by code, and resets the password by code, at 360 px', async ({
  page,
  request,
}) => {
  const phone = freshNumber();
  await page.goto('/');
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Log in with your phone number' }).click();
  await dialog.getByLabel('Phone number').fill(phone.local);
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await expect(dialog.getByText('We sent a code by SMS.', { exact: false })).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await dialog.getByLabel('Code from the SMS').fill(await codeTo(phone.e164, 'sign-in'));
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(dialog.getByText('Welcome to Dwa!')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.goto('/account');
  const local = `${phone.local.slice(0, 3)} ${phone.local.slice(3, 6)} ${phone.local.slice(6)}`;
  await expect(page.getByText(`${local} (verified)`)).toBeVisible();

  // Signed out, the same number signs in again with a new code.
  await page.evaluate(() => {
    localStorage.clear();
  });
  await page.goto('/');
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('button', { name: 'Login' }).click();
  await dialog.getByRole('button', { name: 'Log in with your phone number' }).click();
  await dialog.getByLabel('Phone number').fill(phone.local);
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await expect(dialog.getByLabel('Code from the SMS')).toBeVisible();
  await dialog.getByLabel('Code from the SMS').fill(await codeTo(phone.e164, 'sign-in', 2));
  await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(dialog.getByText('Login Successful!')).toBeVisible();
  const access = await page.evaluate(() => localStorage.getItem('access') ?? '');
  const username = await usernameOf(request, access);

  // Forgot Password? → a code by SMS → a new password, which then signs in.
  await page.evaluate(() => {
    localStorage.clear();
  });
  await page.goto('/');
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('button', { name: 'Login' }).click();
  await dialog.getByRole('button', { name: 'Forgot Password?' }).click();
  await expect(dialog.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await dialog.getByLabel('Phone number').fill(phone.local);
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await dialog.getByLabel('Code from the SMS').fill(await codeTo(phone.e164, 'password reset'));
  await dialog.getByLabel('New password', { exact: true }).fill('Kente and kenkey 2031');
  await dialog.getByLabel('Confirm new password').fill('Kente and kenkey 2031');
  await dialog.getByRole('button', { name: 'Set new password' }).click();
  await expect(dialog.getByText('Your password is changed. You can log in now.')).toBeVisible();
  await signIn(request, { username, password: 'Kente and kenkey 2031' });
});

test('a shopper verifies a phone on the account page at 360 px, chooses notices, and gets "paid" and "shipped" by SMS', async ({
  page,
  request,
}) => {
  const phone = freshNumber();
  const shopper = await freshShopper(request);
  await storeSession(page, shopper);
  await page.goto('/account');
  await expect(page.getByText('None yet')).toBeVisible();
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await page.getByLabel('Mobile number').fill(phone.local);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('Code from the SMS').fill(await codeTo(phone.e164, 'confirmation'));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Your phone number is verified.')).toBeVisible();

  // No SMS when an order is placed: the choice is saved, and still there after a reload.
  const placedSMS = () =>
    page.getByRole('group', { name: 'You placed an order' }).getByRole('checkbox', { name: 'SMS' });
  await expect(placedSMS()).toBeChecked();
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/auth/users/me/notifications/') && r.request().method() === 'PUT',
  );
  // The box follows the server's answer, so it is clicked rather than unchecked.
  await placedSMS().click();
  expect((await saved).ok()).toBe(true);
  await expect(placedSMS()).not.toBeChecked();
  await page.reload();
  await expect(placedSMS()).not.toBeChecked();
  await expect(
    page
      .getByRole('group', { name: 'Your payment arrived' })
      .getByRole('checkbox', { name: 'SMS' }),
  ).toBeChecked();

  // The owner of the store ships the shopper's order with a tracking note.
  const owner = await signIn(request, OWNER);
  const products = await request.get('/api/seller/products/?page=1', {
    headers: { Authorization: `Bearer ${owner.access}` },
  });
  expect(products.ok(), await products.text()).toBe(true);
  const listed = (await products.json()) as {
    results: { id: number; inventory: number; is_active: boolean }[];
  };
  const product = listed.results.find((p) => p.is_active && p.inventory >= 2);
  expect(product).toBeDefined();
  const orderId = await paidOrder(request, shopper, product?.id ?? 0);
  const ref = orderId.slice(0, 8).toUpperCase();
  const [paid] = await textsTo(phone.e164, `payment received for order ${ref}`);
  expect(paid).toContain(`/order/${orderId}`);
  // The placed notice was queued before the paid one, so it would be written by now.
  expect(await textsTo(phone.e164, `we have your order ${ref}`, 0)).toEqual([]);
  const shipped = await request.post(`/api/seller/orders/${orderId}/ship/`, {
    headers: { Authorization: `Bearer ${owner.access}` },
    data: { tracking_note: 'VIP bus parcel 5512' },
  });
  expect(shipped.ok(), await shipped.text()).toBe(true);
  const [text] = await textsTo(phone.e164, 'has shipped');
  expect(text).toContain(`order ${ref}. Tracking: VIP bus parcel 5512`);
});
