import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { hasBrowser, missingBrowserMessage } from './browser';
import { freshShopper, paidOrder, signIn, storeSession, type Shopper } from './helpers';

test.skip(!hasBrowser, missingBrowserMessage);

// Issue 19, defect 2: every client route, at phone, tablet and desktop widths, with the long
// content a real mall has (long product and store names, long e-mails, prices of GH₵ 1,000 and
// more, a conversation of long messages), neither scrolls sideways nor breaks a word inside it.

const WIDTHS = [320, 360, 768, 1280] as const;
const STAFF = { username: 'staff', password: 'akwaaba-staff-2026' };

/** The routes of app/router.tsx with a URL of each (checked by src/app/client-routes.test.ts). */
const fixture = (
  JSON.parse(
    readFileSync(join(import.meta.dirname, '../../testdata/client-routes.json'), 'utf8'),
  ) as { routes: { route: string; url: string }[] }
).routes;
const clientRoutes = fixture.map((r) => r.route);

// Issue 19, defect 5: a reload or a shared link of any page gets the app, not a 404.
test('every client route answers 200 when loaded directly', async ({ request }) => {
  const statuses = await Promise.all(
    fixture.map(async ({ url }) => `${url} ${String((await request.get(url)).status())}`),
  );
  expect(statuses).toEqual(fixture.map(({ url }) => `${url} 200`));
});

type Role = 'visitor' | 'shopper' | 'owner' | 'staff';

/** What the sweep made: a long-named store with a long-named product, a shopper and orders. */
interface Content {
  /** In the store's and product's names, so a search finds this run's. */
  mark: string;
  storeName: string;
  storeId: number;
  productId: number;
  owner: { username: string; password: string };
  shopper: Shopper;
  pendingOrder: string;
  paidOrder: string;
}

/** A page to check: the URL, then a button to press or a search to type before checking again. */
interface Visit {
  url: string;
  press?: string;
  search?: [label: string, text: string];
}

/** Where each route is visited, and as whom; a route missing here fails the sweep. */
function visits(c: Content): Record<string, [Role, Visit][]> {
  const product = String(c.productId);
  return {
    '/': [['visitor', { url: '/' }]],
    '/search': [
      ['visitor', { url: `/search?query=${c.mark}` }],
      // Nothing found: "Did you mean samsung?" and the popular categories.
      ['visitor', { url: '/search?query=smasnug' }],
    ],
    '/category/:categorySlug': [['visitor', { url: '/category/jewelry-watches' }]],
    '/category/:categorySlug/:subCategorySlug': [
      ['visitor', { url: '/category/jewelry-watches/watches' }],
    ],
    '/category/:categorySlug/:subCategorySlug/:subSubCategorySlug': [
      ['visitor', { url: '/category/jewelry-watches/watches/mens-watches' }],
    ],
    '/products': [
      ['visitor', { url: '/products' }],
      // Filters chosen: their chips, a deal's struck price.
      [
        'visitor',
        {
          url: `/products?brand=Samsung&brand=${c.mark}&unit_price__gt=999.99&unit_price__lt=100000.01&min_rating=1&in_stock=true&on_sale=true&ordering=-discount`,
        },
      ],
      ['visitor', { url: '/products?on_sale=true&ordering=-discount' }],
    ],
    '/store/products/:id': [
      ['visitor', { url: `/store/products/${product}` }],
      ['shopper', { url: `/store/products/${product}`, press: 'Buy Now' }],
    ],
    '/stores': [
      ['visitor', { url: '/stores' }],
      ['visitor', { url: `/stores?search=${c.mark}` }],
    ],
    '/stores/:storeSlug': [
      ['visitor', { url: `/stores/${String(c.storeId)}` }],
      ['visitor', { url: `/stores/${String(c.storeId)}?in_stock=true&ordering=-sold` }],
    ],
    '/forgot-password': [['visitor', { url: '/forgot-password' }]],
    '/password/reset/confirm/:uid/:token': [
      ['visitor', { url: '/password/reset/confirm/MQ/abc-123' }],
    ],
    '/cart': [['shopper', { url: '/cart', press: 'Proceed to Checkout' }]],
    '/messages': [
      ['shopper', { url: '/messages', press: c.storeName }],
      ['owner', { url: '/messages', press: c.shopper.username }],
    ],
    '/wishlist': [['shopper', { url: '/wishlist' }]],
    '/orders': [['shopper', { url: '/orders' }]],
    '/account': [
      ['shopper', { url: '/account' }],
      ['shopper', { url: '/account', press: 'Add an address' }],
    ],
    '/order/:orderId': [['shopper', { url: `/order/${c.pendingOrder}` }]],
    '/orders/:orderId': [['shopper', { url: `/orders/${c.paidOrder}` }]],
    '/payment/:orderId': [['shopper', { url: `/payment/${c.pendingOrder}` }]],
    '/seller': [['owner', { url: '/seller' }]],
    '/seller/products': [['owner', { url: '/seller/products' }]],
    '/seller/products/new': [['owner', { url: '/seller/products/new' }]],
    '/seller/products/import': [['owner', { url: '/seller/products/import' }]],
    '/seller/products/:productId': [['owner', { url: `/seller/products/${product}` }]],
    '/seller/orders': [['owner', { url: '/seller/orders?status=processing' }]],
    '/seller/store': [['owner', { url: '/seller/store' }]],
    '/seller/payouts': [['owner', { url: '/seller/payouts' }]],
    '/admin': [['staff', { url: '/admin' }]],
    '/admin/users': [
      ['staff', { url: '/admin/users', search: ['Find an account', c.shopper.username] }],
    ],
    '/admin/stores': [['staff', { url: '/admin/stores' }]],
    '/admin/complaints': [['staff', { url: '/admin/complaints' }]],
    '/admin/refunds': [['staff', { url: '/admin/refunds' }]],
    '/admin/payouts': [
      ['staff', { url: '/admin/payouts' }],
      ['staff', { url: '/admin/payouts', press: 'Hold payouts' }],
    ],
    '/admin/delivery': [
      ['staff', { url: '/admin/delivery' }],
      ['staff', { url: '/admin/delivery', press: 'Add a station' }],
    ],
    '/admin/categories': [['staff', { url: '/admin/categories' }]],
    '/admin/hero': [['staff', { url: '/admin/hero' }]],
    '/admin/analytics': [['staff', { url: '/admin/analytics' }]],
  };
}

let content: Content | undefined;

/** Makes the long content once per worker, through the API as the shop's users would. */
async function makeContent(request: APIRequestContext): Promise<Content> {
  const mark = Date.now().toString(36).slice(-5);
  const as = (access: string) => ({ Authorization: `Bearer ${access}` });
  const staff = await signIn(request, STAFF);

  // The owner: an account with a long name and e-mail, given a store with a long name.
  const owner = {
    username: `nana_akua_owusu_${mark}`,
    password: 'e2e-password-2026',
  };
  const registered = await request.post('/api/auth/users/', {
    data: {
      email: `nana.akua.owusu.${mark}@example.test`,
      username: owner.username,
      password: owner.password,
      re_password: owner.password,
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const storeName = `Nana Akua Premium Electronics & Home Appliances ${mark}`;
  const store = await request.post('/api/admin/stores/', {
    headers: as(staff.access),
    data: {
      owner: owner.username,
      name: storeName,
      description:
        'Genuine electronics, home appliances and watches with warranty, delivered anywhere in Ghana.',
      contact_info: `customer.care.${mark}@example.test`,
      address: 'Shop 14, Kejetia Market Extension, Kumasi',
    },
  });
  expect(store.status(), await store.text()).toBe(201);
  const ownerTokens = await signIn(request, owner);

  // A product with a long name and a price above GH₵ 1,000, filed under Men's Watches.
  const tree = (await (await request.get('/api/store/categories/')).json()) as {
    id: number;
    slug: string;
    subcategories: { id: number; slug: string; subcategories: { id: number; slug: string }[] }[];
  }[];
  const jewelry = tree.find((c) => c.slug === 'jewelry-watches');
  const watches = jewelry?.subcategories.find((c) => c.slug === 'watches');
  const mens = watches?.subcategories.find((c) => c.slug === 'mens-watches');
  const created = await request.post('/api/seller/products/', {
    headers: as(ownerTokens.access),
    data: {
      name: `Tissot PRX Powermatic 80 Automatic Stainless Steel Men's Chronograph Watch ${mark}`,
      category_id: jewelry?.id,
      subcategory_id: watches?.id,
      sub_subcategory_id: mens?.id,
      price: '12,499.00',
      inventory: 40,
      description: '<p>Swiss automatic movement with an 80-hour power reserve.</p>',
      specification: '<ul><li>Case: 40 mm stainless steel</li></ul>',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const productId = ((await created.json()) as { id: number }).id;

  // The shopper: one paid order (the store's to ship), one pending, a wish, a bag line and a
  // conversation of long messages with the store.
  // A username as long as real ones get (one unbroken word of 40 characters).
  const shopper = await freshShopper(request, 'kwame_asante_kumasi_1987');
  const paid = await paidOrder(request, shopper, productId);
  const bag = (quantity: number) =>
    request.post('/api/store/cart-items/', {
      headers: as(shopper.access),
      data: { product_id: productId, quantity },
    });
  expect((await bag(3)).ok()).toBe(true);
  // A saved address as long as real ones get (decision 0023); the pending order is sent there.
  const address = await request.post('/api/auth/users/me/addresses/', {
    headers: as(shopper.access),
    data: {
      recipient_name: 'Kwame Asante-Boateng Oppong',
      phone: '024 123 4567',
      region: 'western-north',
      city: 'Sefwi Wiawso Municipal Assembly Area',
      area: 'House No. 27, Nii Adjei Onano Street, East Legon Extension, behind the Presbyterian Church',
      digital_address: 'wh-0123-4567',
      landmark:
        'Opposite the big mango tree next to the blue-and-white Vodafone kiosk at the Methodist Junction',
      directions:
        'From the Sefwi Wiawso lorry station, walk past the GCB Bank branch, turn left at the second untarred road after the Total filling station, and call on arrival: the gate is the third one on the right, painted green, with a small sign reading Asante Provisions Enterprise.',
    },
  });
  expect(address.status(), await address.text()).toBe(201);
  const pending = await request.post('/api/store/orders/', {
    headers: as(shopper.access),
    data: { address_id: ((await address.json()) as { id: number }).id },
  });
  expect(pending.status(), await pending.text()).toBe(201);
  expect((await bag(2)).ok()).toBe(true);
  const wished = await request.post('/api/store/wishlists/', {
    headers: as(shopper.access),
    data: { product: productId },
  });
  expect(wished.status(), await wished.text()).toBe(201);
  const storeId = ((await store.json()) as { id: number }).id;
  const asked = await request.post('/api/store/messages/', {
    headers: as(shopper.access),
    data: {
      receiver_store: storeId,
      content:
        'Good afternoon! I would like to know whether the Tissot PRX Powermatic comes with the original international warranty card, and how long delivery to Tamale usually takes.',
    },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  const me = (await (
    await request.get('/api/auth/users/me/', { headers: as(shopper.access) })
  ).json()) as { id: number };
  const answered = await request.post('/api/store/messages/', {
    headers: as(ownerTokens.access),
    data: {
      receiver_user: me.id,
      content:
        'Hello, thank you for reaching out. Yes, every watch comes with the international warranty card, and delivery to Tamale takes two to three working days through VIP Jeoun Transport.',
    },
  });
  expect(answered.status(), await answered.text()).toBe(201);
  return {
    mark,
    storeName,
    storeId,
    productId,
    owner,
    shopper,
    pendingOrder: ((await pending.json()) as { id: string }).id,
    paidOrder: paid,
  };
}

/** Waits until the page has its heading and nothing on it is loading. */
async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/**
 * What is wrong with the page's layout at the current width: the page wider than the window
 * (with the elements sticking out), a word or a price broken across lines, and a horizontally
 * scrolling box that hides part of its content without a visible hint of it.
 */
function layoutProblems(): string[] {
  const problems: string[] = [];
  const width = window.innerWidth;
  const describe = (el: Element) => {
    const text = el.textContent.trim().replace(/\s+/g, ' ').slice(0, 40);
    const classes = typeof el.className === 'string' ? el.className.split(' ').slice(0, 4) : [];
    return `<${el.tagName.toLowerCase()} class="${classes.join(' ')}">${text}`;
  };
  const scrollsSideways = (el: Element) =>
    ['auto', 'scroll'].includes(getComputedStyle(el).overflowX);
  const clipped = (el: Element) => {
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      if (getComputedStyle(a).overflowX !== 'visible') return true;
    }
    return false;
  };

  const pageWidth = document.documentElement.scrollWidth;
  if (pageWidth > width) {
    const out = Array.from(document.body.querySelectorAll('*'))
      .filter((el) => el.getBoundingClientRect().right > width + 0.5 && !clipped(el))
      .slice(-3)
      .map(describe);
    problems.push(`the page is ${String(pageWidth)} px wide: ${out.join(' | ')}`);
  }

  // A word breaks only at spaces and after a hyphen, an address or a username also after its
  // '@', '_' or '.' (components/ui/wrap.tsx); a price is one word.
  const word = /-?GH₵\s[\d,]+(?:\.\d+)?|[^\s_.@-]+[_.@-]?/g;
  const range = document.createRange();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const broken = new Set<string>();
  const squeezed = new Set<string>();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.nodeValue ?? '';
    // The line of each word of the text, to tell a text squeezed to a word per line.
    const lines: number[] = [];
    for (const match of text.matchAll(word)) {
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const rects = Array.from(range.getClientRects()).filter((r) => r.width > 0 && r.height > 0);
      if (rects.length === 0) continue;
      const tops = rects.map((r) => r.top);
      const height = Math.min(...rects.map((r) => r.height));
      lines.push(Math.round(Math.min(...tops) / height));
      if (match[0].length >= 2 && Math.max(...tops) - Math.min(...tops) > height / 2) {
        broken.add(match[0]);
      }
    }
    // A word per line in a box narrower than 6rem: squeezed by its neighbours (a date beside
    // a price and a button), not a name wrapping in a narrow card.
    let block = node.parentElement;
    while (block && getComputedStyle(block).display === 'inline') block = block.parentElement;
    const box = block?.getBoundingClientRect().width ?? 0;
    if (lines.length >= 3 && new Set(lines).size === lines.length && box < 96) {
      squeezed.add(text.trim());
    }
  }
  if (broken.size > 0) problems.push(`words broken across lines: ${[...broken].join(', ')}`);
  if (squeezed.size > 0)
    problems.push(`texts squeezed to a word per line: ${[...squeezed].join(' | ')}`);

  // An icon button keeps its tap size (design.md: ≥ 44 px) beside long text.
  for (const el of Array.from(document.body.querySelectorAll('button, a'))) {
    if (el.textContent.trim() !== '' || !el.querySelector('svg')) continue;
    const box = el.getBoundingClientRect();
    if (box.width > 0 && (box.width < 43.5 || box.height < 43.5)) {
      problems.push(
        `${el.getAttribute('aria-label') ?? describe(el)} is squashed to ${String(Math.round(box.width))} × ${String(Math.round(box.height))} px`,
      );
    }
  }

  for (const el of Array.from(document.body.querySelectorAll('*'))) {
    if (!scrollsSideways(el) || el.scrollWidth <= el.clientWidth + 1) continue;
    const current = el.querySelector('[aria-current="page"]');
    if (current) {
      const box = el.getBoundingClientRect();
      const tab = current.getBoundingClientRect();
      if (tab.left < box.left - 0.5 || tab.right > box.right + 0.5) {
        problems.push(`the current tab is scrolled out of view: ${describe(current)}`);
      }
    }
    const hidden = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    const hint = el.parentElement?.querySelector('[data-scroll-hint="end"]');
    if (hidden && !(hint && hint.getBoundingClientRect().width > 0)) {
      problems.push(`content hidden to the right without a hint: ${describe(el)}`);
    }
  }
  return problems;
}

/** The problems at every width of one visit (pressing its button or typing its search first). */
async function sweep(page: Page, visit: Visit): Promise<string[]> {
  await page.setViewportSize({ width: WIDTHS[0], height: 800 });
  await page.goto(visit.url);
  await settled(page);
  const found = await atEveryWidth(page, visit.url);
  if (visit.press) {
    await page.setViewportSize({ width: WIDTHS[0], height: 800 });
    await page.getByRole('button', { name: visit.press }).first().click();
    await settled(page);
    found.push(...(await atEveryWidth(page, `${visit.url} (${visit.press})`)));
  }
  if (visit.search) {
    const [label, text] = visit.search;
    await page.setViewportSize({ width: WIDTHS[0], height: 800 });
    await page.getByLabel(label).fill(text);
    await expect(page.getByText(text).first()).toBeVisible();
    await settled(page);
    found.push(...(await atEveryWidth(page, `${visit.url} (${text})`)));
  }
  return found;
}

async function atEveryWidth(page: Page, where: string): Promise<string[]> {
  const found: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    // Two frames: the resize is laid out and painted before the page is measured.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    for (const problem of await page.evaluate(layoutProblems)) {
      found.push(`${where} at ${String(width)} px: ${problem}`);
    }
  }
  return found;
}

test.describe('layout at 320, 360, 768 and 1280 px', () => {
  test.beforeAll(async ({ playwright }, info) => {
    const request = await playwright.request.newContext({ baseURL: info.project.use.baseURL });
    content = await makeContent(request);
    await request.dispose();
  });

  test('every client route has a visit in the sweep', () => {
    const planned = Object.keys(visits(content as Content));
    expect([...planned].sort()).toEqual([...clientRoutes].sort());
  });

  for (const role of ['visitor', 'shopper', 'owner', 'staff'] as const) {
    test(`every ${role} page fits the screen with long content`, async ({ page, request }) => {
      test.setTimeout(120_000);
      const c = content as Content;
      if (role === 'shopper') await storeSession(page, c.shopper);
      if (role === 'owner') await storeSession(page, await signIn(request, c.owner));
      if (role === 'staff') await storeSession(page, await signIn(request, STAFF));
      const problems: string[] = [];
      for (const list of Object.values(visits(c))) {
        for (const [who, visit] of list) {
          if (who === role) problems.push(...(await sweep(page, visit)));
        }
      }
      expect(problems).toEqual([]);
    });
  }
});
