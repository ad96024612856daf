import { expect, test, type Browser } from '@playwright/test';
import { hasBrowser, missingBrowserMessage } from './browser';
import { freshShopper, latestMailTo, noAxeViolations, storeSession } from './helpers';

test.skip(!hasBrowser, missingBrowserMessage);

// Demo data (internal/demo/catalogue.json): the owner of Accra Game Hub, and products no other
// spec changes: 29 Redragon K552 keyboard, 53 Infinix Hot 40i.
const OWNER = { username: 'kwame_gamehub', password: 'Oxford-Street-Joystick-88' };
const STORE = 'Accra Game Hub';
const KEYBOARD = 'Redragon K552 Kumara RGB Mechanical Keyboard';

test('wishlist: hearts on the catalogue and the product page, removal on the wishlist page', async ({
  page,
  request,
}) => {
  await storeSession(page, await freshShopper(request));
  await page.goto('/products?search=redragon k552');
  await page.getByRole('button', { name: `Save ${KEYBOARD} to wishlist` }).click();
  await expect(page.getByText('Added to your wishlist!')).toBeVisible();
  await expect(page.getByRole('button', { name: `Save ${KEYBOARD} to wishlist` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await page.goto('/store/products/53');
  const heart = page.getByRole('button', { name: /to wishlist$/ });
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/wishlist');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Wishlist' })).toBeVisible();
  const saved = page.getByRole('list', { name: 'Saved products' });
  await expect(saved.getByRole('listitem')).toHaveCount(2);
  await noAxeViolations(page);
  await expect(saved.getByRole('link', { name: KEYBOARD })).toHaveAttribute(
    'href',
    '/store/products/29',
  );
  await page.getByRole('button', { name: `Remove ${KEYBOARD} from wishlist` }).click();
  await expect(saved.getByRole('listitem')).toHaveCount(1);

  // The product page's heart takes the other one off too.
  await page.goto('/store/products/53');
  await page.getByRole('button', { name: /to wishlist$/ }).click();
  await expect(page.getByRole('button', { name: /to wishlist$/ })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await page.goto('/wishlist');
  await expect(page.getByText('Your wishlist is empty.')).toBeVisible();

  await page.route('**/api/store/wishlists/?expand=product', (route) =>
    route.fulfill({ status: 500, json: { detail: 'Internal server error.' } }),
  );
  await page.reload();
  await expect(page.getByRole('alert')).toContainText('Error fetching wishlist products!');
});

async function signIn(browser: Browser, tokens: { access: string; refresh: string }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await storeSession(page, tokens);
  return page;
}

test('a shopper and a store owner exchange messages that appear without reloading', async ({
  browser,
  request,
}) => {
  const shopper = await freshShopper(request);
  const login = await request.post('/api/auth/jwt/create/', { data: OWNER });
  expect(login.ok()).toBe(true);
  const ownerTokens = (await login.json()) as { access: string; refresh: string };

  const shopperPage = await signIn(browser, shopper);
  const ownerPage = await signIn(browser, ownerTokens);
  // The owner's page must be listening before the shopper writes: only the stream (not the 10 s
  // poll) can deliver within the 5 s this test allows.
  const streamOpen = ownerPage.waitForResponse(
    (r) => r.url().includes('/api/store/messages/stream/') && r.status() === 200,
  );
  await ownerPage.goto('/messages');
  await expect(ownerPage.getByRole('heading', { level: 1, name: 'Message Center' })).toBeVisible();
  await streamOpen;
  await expect(ownerPage.getByLabel('Customer ID')).toBeVisible(); // owners write by customer id

  const shopperStream = shopperPage.waitForResponse(
    (r) => r.url().includes('/api/store/messages/stream/') && r.status() === 200,
  );
  await shopperPage.goto('/messages');
  await shopperStream;
  const compose = shopperPage.getByRole('form', { name: 'New Message' });
  await compose.getByRole('button', { name: 'Send Message' }).click();
  await expect(compose.getByRole('alert')).toHaveText(
    'Please fill in the recipient and the message.',
  );
  await compose.getByLabel('Store name').fill('No Such Store Anywhere');
  await compose.getByLabel('Message').fill('Hello?');
  await compose.getByRole('button', { name: 'Send Message' }).click();
  await expect(compose.getByRole('alert')).toHaveText('Store with the given name does not exist.');

  await compose.getByLabel('Store name').fill('game hub');
  await compose.getByLabel('Message').fill('Is the Xbox controller still in stock?');
  await compose.getByRole('button', { name: 'Send Message' }).click();
  const shopperThread = shopperPage.getByRole('region', { name: STORE });
  await expect(shopperThread.getByText('Is the Xbox controller still in stock?')).toBeVisible();

  // The owner's open page receives it through the live stream: no reload, well before a poll.
  const conversation = ownerPage
    .getByRole('list', { name: 'Conversations' })
    .getByRole('button', { name: new RegExp(shopper.username) });
  await expect(conversation).toContainText('1 unread', { timeout: 5000 });
  await expect(ownerPage.getByText('1 unread', { exact: true }).first()).toBeVisible();
  await conversation.click();
  const ownerThread = ownerPage.getByRole('region', { name: shopper.username });
  await expect(ownerThread.getByText('Is the Xbox controller still in stock?')).toBeVisible();
  await expect(conversation).not.toContainText('unread'); // opened: marked read
  await ownerThread.getByLabel('Your reply').fill('Yes, 25 left. Come by Oxford Street!');
  await ownerThread.getByRole('button', { name: 'Send' }).click();

  await expect(shopperThread.getByText('Yes, 25 left. Come by Oxford Street!')).toBeVisible({
    timeout: 5000,
  });
  await noAxeViolations(shopperPage);
  await shopperPage.context().close();
  await ownerPage.context().close();
});

test('a store owner must name a customer by number', async ({ page, request }) => {
  const login = await request.post('/api/auth/jwt/create/', { data: OWNER });
  await storeSession(page, (await login.json()) as { access: string; refresh: string });
  await page.goto('/messages');
  const compose = page.getByRole('form', { name: 'New Message' });
  await compose.getByLabel('Customer ID').fill('kofi');
  await compose.getByLabel('Message').fill('Your order is ready.');
  await compose.getByRole('button', { name: 'Send Message' }).click();
  await expect(compose.getByRole('alert')).toHaveText(
    'Please enter a valid numeric Customer ID for the recipient.',
  );
  await compose.getByLabel('Customer ID').fill('999999');
  await compose.getByRole('button', { name: 'Send Message' }).click();
  await expect(compose.getByRole('alert')).toHaveText(
    'Failed to send message. No customer of your store has this id.',
  );
});

test('password reset through the e-mailed link, then log in with the new password', async ({
  page,
  request,
}) => {
  const shopper = await freshShopper(request);
  const email = `${shopper.username}@example.test`;
  const asked = await request.post('/api/auth/users/reset_password/', { data: { email } });
  expect(asked.status()).toBe(204);
  const mail = await latestMailTo(email, '/password/reset/confirm/');
  const link = /https?:\/\/[^\s"<>]+\/password\/reset\/confirm\/[^\s"<>]+/.exec(mail)?.[0];
  expect(link).toBeTruthy();

  await page.goto(new URL(link ?? '').pathname);
  await expect(page.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeVisible();
  await noAxeViolations(page);
  const form = page.getByRole('form', { name: 'New password' });
  await form.getByLabel('New Password', { exact: true }).fill('short');
  await form.getByRole('button', { name: 'Set New Password' }).click();
  await expect(form.getByRole('alert')).toHaveText('Password must be at least 8 characters long.');
  await form.getByLabel('New Password', { exact: true }).fill('kente-weaver-2026');
  await form.getByLabel('Confirm New Password').fill('kente-weaver-2027');
  await form.getByRole('button', { name: 'Set New Password' }).click();
  await expect(form.getByRole('alert')).toHaveText('Passwords do not match.');
  await form.getByLabel('Confirm New Password').fill('kente-weaver-2026');
  await form.getByRole('button', { name: 'Set New Password' }).click();

  const dialog = page.getByRole('dialog', { name: 'Welcome Back!' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Username').fill(shopper.username);
  await dialog.getByLabel('Password').fill('kente-weaver-2026');
  await dialog.getByRole('button', { name: 'Login' }).click();
  await expect(dialog.getByText('Login Successful!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // The link is single-use.
  await page.goto(new URL(link ?? '').pathname);
  await page.getByLabel('New Password', { exact: true }).fill('another-pass-2026');
  await page.getByLabel('Confirm New Password').fill('another-pass-2026');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByRole('form', { name: 'New password' }).getByRole('alert')).toHaveText(
    'Invalid token for given user.',
  );
});

test('a store’s reply lights the unread badge in the shopper’s header at once, on any page', async ({
  page,
  request,
}) => {
  const shopper = await freshShopper(request);
  const me = await request.get('/api/auth/users/me/', {
    headers: { Authorization: `Bearer ${shopper.access}` },
  });
  const { id: shopperId } = (await me.json()) as { id: number };
  const login = await request.post('/api/auth/jwt/create/', { data: OWNER });
  const owner = (await login.json()) as { access: string };
  const ownerMe = await request.get('/api/auth/users/me/', {
    headers: { Authorization: `Bearer ${owner.access}` },
  });
  const { store } = (await ownerMe.json()) as { store: { id: number } };
  // A store answers its customers: the shopper asks first.
  const asked = await request.post('/api/store/messages/', {
    headers: { Authorization: `Bearer ${shopper.access}` },
    data: { content: 'Is the keyboard ready?', receiver_store: store.id },
  });
  expect(asked.status(), await asked.text()).toBe(201);

  await storeSession(page, shopper);
  const streamOpen = page.waitForResponse(
    (r) => r.url().includes('/api/store/messages/stream/') && r.status() === 200,
  );
  await page.goto('/products');
  await streamOpen;
  const messages = page.getByRole('banner').getByRole('link', { name: /^Messages/ });
  await expect(messages).toHaveAccessibleName('Messages');

  const sent = await request.post('/api/store/messages/', {
    headers: { Authorization: `Bearer ${owner.access}` },
    data: { content: 'Your keyboard is ready for pick-up.', receiver_user: shopperId },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  // Through the live stream: no reload, well before the 10 s poll.
  await expect(messages).toHaveAccessibleName('Messages 1 unread', { timeout: 5000 });

  await messages.click();
  await page.getByRole('button', { name: new RegExp(STORE) }).click();
  await expect(
    page.getByRole('region', { name: STORE }).getByText('Your keyboard is ready for pick-up.'),
  ).toBeVisible();
  await expect(messages).toHaveAccessibleName('Messages'); // read: the badge goes
});
