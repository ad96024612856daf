import { existsSync } from 'node:fs';

// No browser download is possible here: the suite drives the system Chromium (Debian's
// `chromium` package). DWA_CHROMIUM overrides the path.
export const chromiumPath = process.env.DWA_CHROMIUM ?? '/usr/bin/chromium';
export const hasBrowser = existsSync(chromiumPath);
export const requireBrowser = process.env.DWA_REQUIRE_BROWSER === '1';
export const missingBrowserMessage = requireBrowser
  ? `Chromium not found at ${chromiumPath} and DWA_REQUIRE_BROWSER=1: install it (apt-get install chromium) or set DWA_CHROMIUM.`
  : `\n!!! Chromium not found at ${chromiumPath}: the end-to-end tests are SKIPPED.\n` +
    `!!! Install it (apt-get install chromium) or set DWA_CHROMIUM; set DWA_REQUIRE_BROWSER=1 to fail instead.\n`;

// Headless Chromium as root in a container, without network side channels.
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
