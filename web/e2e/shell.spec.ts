import { expect, test, type Page } from '@playwright/test';
import { hasBrowser, missingBrowserMessage } from './browser';

test.skip(!hasBrowser, missingBrowserMessage);

// Issues 19 and 23: the server writes each page's first screen into the app shell
// (internal/httpapi/page_shell.go), so its largest image shows before the app's scripts have
// arrived. React then replaces the shell whole: the header and the image must be where they were,
// and the app's image must not be a larger paint than the shell's (a later LCP).

const PAGES = ['/', '/category/gaming', '/search?query=xbox', '/store/products/1'] as const;
const WIDTHS = [320, 360, 768, 1280] as const;

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The box of the first image under `root` once it has loaded, or null when it did not. */
async function loadedImageBox(page: Page, root: string): Promise<Box | null> {
  const image = page.locator(`${root} img`).first();
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  return image.boundingBox();
}

/** Layout shifts (each with what moved) and largest-contentful-paint entries, from the start. */
async function recordPaints(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: string[]; lcps: string[] };
    w.shifts = [];
    w.lcps = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      })[])
        if (!e.hadRecentInput)
          w.shifts.push(
            e.sources
              .map(
                (s) =>
                  `${(s.node as Element | undefined)?.outerHTML.slice(0, 120) ?? '?'} ${JSON.stringify(s.previousRect)} → ${JSON.stringify(s.currentRect)}`,
              )
              .join('; '),
          );
    }).observe({ type: 'layout-shift', buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { size: number; url: string })[])
        w.lcps.push(`${String(e.size)} ${e.url}`);
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
}

const paints = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { shifts: string[]; lcps: string[] };
    return { shifts: [...w.shifts], lcps: [...w.lcps] };
  });

/** Two frames: what the last change drew has been painted and reported. */
const nextPaint = (page: Page) =>
  page.evaluate(
    () =>
      new Promise((done) => {
        requestAnimationFrame(() => requestAnimationFrame(done));
      }),
  );

for (const path of PAGES) {
  test(`${path}: with scripts blocked the shell shows its image`, async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto(path);
    expect(await loadedImageBox(page, '#root')).not.toBeNull();
    // Inert and hidden: no focus lands in it, no landmark or heading is read twice.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('#root') ?? null)).toBeNull();
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(page.getByRole('heading')).toHaveCount(0);
  });

  for (const width of WIDTHS) {
    test(`${path} at ${String(width)} px: the app draws header and image where the shell did`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 740 });
      await recordPaints(page);
      // The app's scripts wait until the shell has been measured; the page's own code comes a
      // second after the rest (a slow network's order): the app must not replace the shell with
      // an empty page meanwhile, whose footer the page would then push down.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let delayed = 0;
      await page.route('**/assets/*.js', async (route) => {
        await held;
        if (route.request().url().includes('/assets/route-')) {
          delayed += 1;
          await new Promise((resolve) => setTimeout(resolve, 1000));
        }
        await route.continue();
      });
      await page.goto(path, { waitUntil: 'commit' });
      const shellImage = await loadedImageBox(page, '#root');
      const shellHeader = await page.locator('#root header').boundingBox();
      await nextPaint(page);
      const before = await paints(page);
      // The page's largest paint is the shell's image (an entry with a URL), not its text.
      expect(before.lcps.at(-1)).toMatch(/^\d+ http/);

      release();
      await expect(page.locator('main#main')).toBeVisible();
      // The page's chunk was one of those held back (its name is the build's, vite.config.ts).
      expect(delayed).toBeGreaterThan(0);
      const appImage = await loadedImageBox(page, 'main#main');
      const appHeader = await page.getByRole('banner').boundingBox();
      expect(appImage).toEqual(shellImage);
      expect(appHeader).toEqual(shellHeader);
      await nextPaint(page);
      const after = await paints(page);
      // Nothing moved when the app took over. (Before it, on a loaded machine, Chromium may paint
      // the shell half-parsed — the hero's title before the lines under it, which then centre it
      // higher: the shell's own streaming, not this change of hands.)
      expect(after.shifts.slice(before.shifts.length)).toEqual([]);
      // No larger paint came with the app: its image is the shell's, already counted.
      expect(after.lcps).toEqual(before.lcps);
    });
  }
}
