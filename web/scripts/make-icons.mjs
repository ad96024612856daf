// Draws the app's PNG icons (web/public/icons, committed) from the favicon's shape: the install
// prompt and home screens need PNGs of 192 and 512 px, and a "maskable" one whose mark sits inside
// the safe circle (80 % of the width) so a launcher's round or squircle crop keeps it whole.
// Run after changing the mark: `node scripts/make-icons.mjs` (needs Chromium, as the e2e does).
import { chromium } from '@playwright/test';

const MARK =
  '<path d="M9 8h6.5C21 8 24 11.3 24 16s-3 8-8.5 8H9z" fill="none" stroke="#FCD116" stroke-width="3.2"/>';
const ICON = `<rect width="32" height="32" rx="7" fill="#006B3F"/>${MARK}`;
const MASKABLE = `<rect width="32" height="32" fill="#006B3F"/><g transform="translate(16 16) scale(0.62) translate(-16 -16)">${MARK}</g>`;

const icons = [
  { file: 'icon-192.png', size: 192, body: ICON },
  { file: 'icon-512.png', size: 512, body: ICON },
  { file: 'maskable-512.png', size: 512, body: MASKABLE },
  { file: 'apple-touch-icon.png', size: 180, body: MASKABLE },
];

const browser = await chromium.launch({
  executablePath: process.env.DWA_CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  for (const { file, size, body } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}</style><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="${String(size)}" height="${String(size)}">${body}</svg>`,
    );
    await page.screenshot({
      path: new URL(`../public/icons/${file}`, import.meta.url).pathname,
      omitBackground: true,
    });
    await page.close();
  }
} finally {
  await browser.close();
}
