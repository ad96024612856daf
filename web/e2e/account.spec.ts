import { expect, test } from '@playwright/test';
import { hasBrowser, missingBrowserMessage } from './browser';
import { freshShopper, pauseClock, storeSession } from './helpers';

test.skip(!hasBrowser, missingBrowserMessage);

test('login shows Login Successful! for 1 s, then closes and goes back one step', async ({
  page,
}) => {
  await page.clock.install();
  await page.goto('/products');
  await page.getByRole('link', { name: 'Phones & Telecom' }).click();
  await expect(page).toHaveURL('/category/mobile-phones-and-tablets');
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog', { name: 'Welcome Back!' });
  await dialog.getByLabel('Username').fill('ama');
  await dialog.getByLabel('Password').fill('akwaaba-shopper-2026');

  await pauseClock(page);
  await dialog.getByRole('button', { name: 'Login' }).click();
  await expect(dialog.getByText('Login Successful!')).toBeVisible();
  await expect(page).toHaveURL('/category/mobile-phones-and-tablets');
  await page.clock.runFor(990);
  await expect(dialog).toBeVisible();
  await page.clock.runFor(10);
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL('/products');
  expect(await page.evaluate(() => localStorage.getItem('access'))).toBeTruthy();
});

test('the login dialog holds the page behind it: no pointer, no focus, Tab stays, Escape returns', async ({
  page,
}) => {
  await page.goto('/products');
  const link = page.locator('a[href="/category/mobile-phones-and-tablets"]').first();
  const box = await link.boundingBox();
  expect(box).not.toBeNull();
  const account = page.getByRole('button', { name: 'Account' });
  await account.click();
  await page.getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog', { name: 'Welcome Back!' });
  await expect(dialog.getByLabel('Username')).toBeFocused();

  // The overlay alone would swallow the click; let pointers through it so the click reaches the
  // page behind, which must ignore it because it is inert (not merely covered).
  await page.evaluate(() => {
    const overlay = document.querySelector<HTMLElement>('[role="dialog"]')?.parentElement;
    if (overlay) overlay.style.pointerEvents = 'none';
  });
  if (box) await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page).toHaveURL('/products');
  await expect(dialog).toBeVisible();
  expect(
    await link.evaluate((el: HTMLElement) => {
      el.focus();
      return document.activeElement === el;
    }),
  ).toBe(false);

  // More presses than the dialog has controls, both ways: the focus never leaves it.
  const inDialog = () =>
    page.evaluate(() => document.activeElement?.closest('[role="dialog"]') != null);
  const controls = await dialog.locator('a[href], button, input').count();
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < controls + 2; i += 1) {
      await page.keyboard.press(key);
      expect(await inDialog(), `${key} press ${String(i + 1)}`).toBe(true);
    }
  }

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(account).toBeFocused();
});

test('login errors: unknown account and server field errors, mapped as spec §8 says', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog', { name: 'Welcome Back!' });
  await dialog.getByLabel('Username').fill('ama');
  await dialog.getByLabel('Password').fill('not-her-password');
  await dialog.getByRole('button', { name: 'Login' }).click();
  await expect(
    dialog.getByText(
      'No account found with those credentials. Please check your username and password.',
    ),
  ).toBeVisible();

  await page.route('**/api/auth/jwt/create/', (route) =>
    route.fulfill({
      status: 400,
      json: { username: ['This field may not be blank.'], password: ['Too short.', 'Too weak.'] },
    }),
  );
  await dialog.getByRole('button', { name: 'Login' }).click();
  await expect(
    dialog.getByText('username: This field may not be blank. | password: Too short. Too weak.'),
  ).toBeVisible();

  // The busy button stayed focusable, so the focus is still in the dialog; Escape, pressed
  // wherever the app left the focus, closes it and records the dismissal (spec §4).
  await expect(dialog.getByRole('button', { name: 'Login' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL('/?dismissed=true');
});

test('registration: client checks in the spec order, existing account, thank-you for 2 s', async ({
  page,
}) => {
  await page.clock.install();
  await page.goto('/');
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('button', { name: 'Register' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create an Account' });
  const submit = dialog.getByRole('button', { name: 'Register' });
  const error = dialog.getByRole('alert');

  await submit.click();
  await expect(error).toHaveText('Email is required.');
  await dialog.getByLabel('Email').fill('ama@demo.dwa.shop');
  await submit.click();
  await expect(error).toHaveText('Username is required.');
  await dialog.getByLabel('Username').fill('ama');
  await submit.click();
  await expect(error).toHaveText('Password is required.');
  await dialog.getByLabel('Password', { exact: true }).fill('short');
  await submit.click();
  await expect(error).toHaveText('Password must be at least 8 characters long.');
  await dialog.getByLabel('Password', { exact: true }).fill('akwaaba-shopper-2026');
  await dialog.getByLabel('Confirm Password').fill('something-else');
  await submit.click();
  await expect(error).toHaveText('Passwords do not match.');

  await dialog.getByLabel('Confirm Password').fill('akwaaba-shopper-2026');
  await submit.click();
  await expect(error).toHaveText(
    'An account with these details already exists. Please log in instead.',
  );

  const username = `e2e_reg_${Date.now().toString(36)}`;
  await dialog.getByLabel('Email').fill(`${username}@example.test`);
  await dialog.getByLabel('Username').fill(username);
  await pauseClock(page);
  await submit.click();
  await expect(dialog.getByText('Thank You for joining us... To the Login Page!')).toBeVisible();
  await page.clock.runFor(1990);
  await expect(dialog.getByText('Thank You for joining us... To the Login Page!')).toBeVisible();
  await page.clock.runFor(10);
  await expect(page.getByRole('dialog', { name: 'Welcome Back!' })).toBeVisible();
});

test('a protected page asks to log in, and after logging in the shopper lands on it', async ({
  page,
  request,
}) => {
  const shopper = await freshShopper(request);
  await page.goto('/wishlist');
  // The guard opens the dialog by itself; dismissed, it stays closed and the page explains.
  const dialog = page.getByRole('dialog', { name: 'Welcome Back!' });
  await dialog.getByLabel('Username').press('Escape');
  await expect(page).toHaveURL('/wishlist?dismissed=true');
  await expect(
    page.getByRole('heading', { name: 'You must log in to access this page.' }),
  ).toBeVisible();
  await expect(
    page.getByText('Please use the login option from the profile dropdown.'),
  ).toBeVisible();

  await page.getByRole('main').getByRole('button', { name: 'Login' }).click();
  await dialog.getByLabel('Username').fill(shopper.username);
  await dialog.getByLabel('Password').fill(shopper.password);
  await dialog.getByRole('button', { name: 'Login' }).click();

  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL('/wishlist');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Wishlist' })).toBeVisible();
});

/** The same token with a broken signature: still unexpired, but the server answers 401. */
function tampered(token: string) {
  const [header, payload] = token.split('.');
  return `${header}.${payload}.invalid-signature`;
}

test('a 401 is answered by one token refresh and the request is replayed', async ({
  page,
  request,
}) => {
  const shopper = await freshShopper(request);
  await storeSession(page, { access: tampered(shopper.access), refresh: shopper.refresh });

  const refreshed = page.waitForResponse(
    (r) => r.url().endsWith('/api/auth/jwt/refresh/') && r.status() === 200,
  );
  await page.goto('/wishlist');
  await refreshed;
  await expect(page.getByRole('heading', { level: 1, name: 'Your Wishlist' })).toBeVisible();
  const stored = await page.evaluate(() => localStorage.getItem('access'));
  expect(stored).not.toBe(tampered(shopper.access));
  expect(stored?.split('.')).toHaveLength(3);
});

test('a failed refresh logs the shopper out (forcedLogout) and opens the login dialog', async ({
  page,
  request,
}) => {
  const shopper = await freshShopper(request);
  await storeSession(page, { access: tampered(shopper.access), refresh: 'not-a-refresh-token' });

  await page.goto('/wishlist');
  await expect(page.getByRole('dialog', { name: 'Welcome Back!' })).toBeVisible();
  expect(
    await page.evaluate(() => [localStorage.getItem('access'), localStorage.getItem('refresh')]),
  ).toEqual([null, null]);
});

test('the complaint form shows its success text, then returns home after 3 s', async ({ page }) => {
  await page.clock.install();
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill('kofi@example.test');
  await page.getByLabel('Complaint').fill('I cannot remember my password.');
  await pauseClock(page);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(
    page.getByText('Your request has been processed. Please check your email for further details.'),
  ).toBeVisible();
  await page.clock.runFor(2990);
  await expect(page).toHaveURL('/forgot-password');
  await page.clock.runFor(10);
  await expect(page).toHaveURL('/');
});

test('a failed complaint shows the failure text and stays on the page', async ({ page }) => {
  await page.route('**/api/store/api/send_complaint/', (route) =>
    route.fulfill({ status: 500, json: { detail: 'boom' } }),
  );
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill('kofi@example.test');
  await page.getByLabel('Complaint').fill('Something went wrong.');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('alert')).toHaveText('An error occurred. Please try again later.');
  await expect(page).toHaveURL('/forgot-password');
});
