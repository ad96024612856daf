import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { hasBrowser, missingBrowserMessage } from './browser';
import {
  freshShopper,
  noAxeViolations,
  noSidewaysScroll,
  paidOrder,
  signIn,
  storeSession,
} from './helpers';

test.skip(!hasBrowser, missingBrowserMessage);

// The seeded staff account (internal/demo).
const STAFF = { username: 'staff', password: 'akwaaba-staff-2026' };
// The test provider resolves every wallet but a few to 'Test Holder <last four digits>', and
// settles a transfer a few seconds after it is sent (internal/gateway/testpay/transfers.go); the
// server's payout pass, once a minute, releases earnings and checks open payouts.
const WALLET = '0241234567';
const HOLDER = 'Test Holder 4567';

/**
 * A store of its own (first by name on the staff page) with one paid and delivered order of two
 * at GH₵ 250.00: its owner's sign-in and the store's name.
 */
async function storeWithEarnings(request: APIRequestContext) {
  const mark = Date.now().toString(36).slice(-6);
  const staff = await signIn(request, STAFF);
  const owner = { username: `aba_payouts_${mark}`, password: 'e2e-password-2026' };
  const registered = await request.post('/api/auth/users/', {
    data: {
      email: `${owner.username}@example.test`,
      username: owner.username,
      password: owner.password,
      re_password: owner.password,
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const name = `Aba Payouts ${mark}`;
  const store = await request.post('/api/admin/stores/', {
    headers: { Authorization: `Bearer ${staff.access}` },
    data: { owner: owner.username, name },
  });
  expect(store.status(), await store.text()).toBe(201);
  const tokens = await signIn(request, owner);
  const as = { Authorization: `Bearer ${tokens.access}` };
  const tree = (await (await request.get('/api/store/categories/')).json()) as {
    id: number;
    slug: string;
    subcategories: { id: number; slug: string; subcategories: { id: number; slug: string }[] }[];
  }[];
  const jewelry = tree.find((c) => c.slug === 'jewelry-watches');
  const watches = jewelry?.subcategories.find((c) => c.slug === 'watches');
  const created = await request.post('/api/seller/products/', {
    headers: as,
    data: {
      name: `Kente Strap Watch ${mark}`,
      category_id: jewelry?.id,
      subcategory_id: watches?.id,
      sub_subcategory_id: watches?.subcategories[0]?.id,
      price: '250.00',
      inventory: 10,
      description: '<p>A watch with a kente strap.</p>',
      specification: '<ul><li>Strap: kente cloth</li></ul>',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const productId = ((await created.json()) as { id: number }).id;
  const order = await paidOrder(request, await freshShopper(request), productId);
  for (const step of ['ship', 'deliver']) {
    const done = await request.post(`/api/seller/orders/${order}/${step}/`, {
      headers: as,
      data: step === 'ship' ? { tracking_note: '' } : {},
    });
    expect(done.ok(), await done.text()).toBe(true);
  }
  return { owner, ownerTokens: tokens, name };
}

/** The figure of a balance card ('Available', 'Paid out'). */
const figure = (page: Page, label: string) =>
  page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('+ dd');

test('a seller registers a wallet, is held by staff, then requests a payout and sees it paid', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const { ownerTokens, name } = await storeWithEarnings(request);

  // Staff: earnings available at delivery (no holding period), paid on request only (with the
  // weekly schedule on, the payout pass, once a minute, would pay the store itself as soon as its
  // wallet is saved or its payouts released), on a phone. A context of its own (axe needs one,
  // not a bare page).
  const staffContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const staffPage = await staffContext.newPage();
  await storeSession(staffPage, await signIn(request, STAFF));
  await staffPage.goto('/admin/payouts');
  const settings = staffPage.getByRole('region', { name: 'Payout settings' });
  const days = settings.getByRole('textbox', { name: /Holding period/ });
  await days.fill('0');
  await settings.getByRole('switch', { name: /once a week/ }).uncheck();
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await expect(settings.getByRole('status')).toHaveText(/0 days' holding.*on request only/);

  // The seller, on a phone: the delivered order's earnings become available.
  await page.setViewportSize({ width: 360, height: 740 });
  await storeSession(page, ownerTokens);
  await page.goto('/seller/payouts');
  await expect(page.getByRole('heading', { level: 1, name: 'Payouts' })).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(figure(page, 'Available')).not.toHaveText(/GH₵\s0\.00/, { timeout: 2_000 });
  }).toPass({ timeout: 150_000, intervals: [5_000] });
  const available = (await figure(page, 'Available').textContent()) ?? '';
  expect(available).toMatch(/^GH₵\s[\d,]+\.\d\d$/);
  await expect(page.getByRole('list', { name: 'Balance history' })).toContainText('Sale');
  await expect(page.getByRole('list', { name: 'Balance history' })).toContainText('Dwa commission');

  // A wallet: the provider's name for it is shown for the seller to check.
  const form = page.getByRole('form', { name: 'Payout account' });
  await form.getByRole('combobox', { name: 'Network' }).selectOption({ label: 'MTN Mobile Money' });
  await form.getByRole('textbox', { name: /Wallet number/ }).fill(WALLET);
  await form.getByRole('button', { name: 'Verify and save' }).click();
  const account = page.getByRole('region', { name: 'Payout account' });
  await expect(account.getByRole('status')).toHaveText(
    `Verified: the account is in the name of ${HOLDER}. Payouts go there from now on.`,
  );
  await expect(account).toContainText(`MTN Mobile Money · ${WALLET}`);
  const request$ = page.getByRole('button', { name: 'Request payout' });
  await expect(request$).not.toHaveAttribute('aria-disabled', 'true');

  // Staff hold the store's payouts: the seller cannot ask for one, and is told why.
  await staffPage.reload();
  const card = staffPage.getByRole('article', { name });
  await card.getByRole('button', { name: 'Hold payouts' }).click();
  await card
    .getByRole('textbox', { name: /Reason for holding/ })
    .fill('A buyer disputes a delivery.');
  await card.getByRole('button', { name: 'Hold payouts' }).click();
  await expect(card.getByText('Payouts held')).toBeVisible();
  await noAxeViolations(staffPage);
  await noSidewaysScroll(staffPage);

  await page.reload();
  await expect(page.getByText('Dwa is holding your payouts.')).toBeVisible();
  await expect(page.getByText('Reason: A buyer disputes a delivery.')).toBeVisible();
  await expect(request$).toHaveAttribute('aria-disabled', 'true');
  await expect(request$).toHaveAccessibleDescription(/A buyer disputes a delivery\./);
  // The server refuses it too (a page opened before the hold would still send it).
  const refused = await request.post('/api/seller/payouts/', {
    headers: { Authorization: `Bearer ${ownerTokens.access}`, 'Idempotency-Key': `held-${name}` },
    data: {},
  });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { code: string }).code).toBe('payouts_held');

  // Released: the seller asks for the whole available balance and sees it paid.
  await card.getByRole('button', { name: 'Release payouts' }).click();
  await expect(card.getByRole('button', { name: 'Hold payouts' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: /Amount in GH₵/ })).toHaveValue(
    available.replace(/GH₵\s/, '').replace(/,/g, ''),
  );
  await request$.click();
  await expect(
    page.getByRole('region', { name: 'Request a payout' }).getByRole('status'),
  ).toHaveText(`Payout of ${available} asked for, to MTN Mobile Money · ${WALLET} · ${HOLDER}.`);
  const payouts = page.getByRole('list', { name: 'Payouts' });
  await expect(payouts.getByRole('listitem')).toHaveCount(1);
  await expect(payouts).toContainText(available);
  await noAxeViolations(page);
  await noSidewaysScroll(page);
  // The page asks again while the payout is on its way: no reload needed.
  await expect(payouts.locator('[data-status="paid"]')).toHaveText('Paid', { timeout: 180_000 });
  await expect(figure(page, 'Paid out')).toHaveText(available);
  await expect(figure(page, 'In progress')).toHaveText(/GH₵\s0\.00/);
  await staffContext.close();
});
