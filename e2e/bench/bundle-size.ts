// Prints the gzip bytes of JavaScript loaded on the first view of the key pages (not a test), and
// fails when a shopper page fetched any file of the operator console (mf_ops loads for operators only).
// The cart and checkout pages are measured with one kit in the cart, the thank-you page with an order
// just placed (support/bench-session.ts, as the Lighthouse bench does). Nothing is clicked or moved:
// a page whose area takes over on the first interaction is measured as it loads, before one. Its
// area's code, prefetched at idle priority after the paint (`<link rel="prefetch">`, never run
// before the interaction), is reported apart as "idle prefetch", not as first-load JavaScript; so
// is the field-data reporter (web-vitals), which a sampled share of loads imports at idle after the
// paint.
// Usage: pnpm bench:bundle [baseUrl] [storefrontKey] [--files]
//   (defaults: http://localhost:8080 and "acme-wellness"; --files lists every script, largest first)
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { preparationOf, prepareSession } from '../support/bench-session';
import { CHROMIUM_LAUNCH_OPTIONS } from '../support/chromium';

const positional = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const listFiles = process.argv.includes('--files');
const baseUrl = (positional[0] ?? process.env.SHOP_URL ?? 'http://localhost:8080').replace(
  /\/$/,
  '',
);
const storefrontKey = positional[1] ?? process.env.STOREFRONT_KEY ?? 'acme-wellness';
const pages = [
  '/',
  '/pricing',
  '/shopping-cart',
  '/checkout',
  `/shop/${storefrontKey}`,
  `/shop/${storefrontKey}/pricing`,
  '/login',
  '/checkout/thank-you',
];

async function measure(path: string, browser: Browser) {
  // A fresh context per page: first view means an empty cache.
  const context = await browser.newContext();
  const page = await context.newPage();
  // The kit in the cart, or the order, before anything is counted.
  const url = await prepareSession(page, baseUrl + path, preparationOf(path));
  const scripts = new Map<string, number>();
  const prefetched = new Map<string, number>();
  const fieldData = new Map<string, number>();
  const operatorFiles: string[] = [];
  page.on('request', (request) => {
    // Its files, and the API calls only the console makes.
    if (/\/remotes\/mf_ops\/|\/api\/v1\/ops\//.test(request.url()))
      operatorFiles.push(request.url());
  });
  page.on('response', async (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && !response.url().endsWith('.js')) return;
    try {
      const purpose = (await response.request().allHeaders())['sec-purpose'] ?? '';
      // A prefetch's body is not handed to the page (nor to the bench): its bytes on the wire.
      if (purpose.includes('prefetch'))
        prefetched.set(response.url(), (await response.request().sizes()).responseBodySize);
      else
        (FIELD_DATA_CHUNK.test(response.url()) ? fieldData : scripts).set(
          response.url(),
          gzipSync(await response.body(), { level: 9 }).length,
        );
    } catch {
      // Aborted or redirected responses have no body.
    }
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  // On a busy machine the shell can pause for longer than networkidle's 500 ms before it asks
  // for the area; the view is complete once the area (or its fallback) has rendered and settled.
  await page.waitForSelector('[data-area] h1, [data-area-fallback], [data-page="not-found"]', {
    timeout: 30_000,
  });
  await page.waitForLoadState('networkidle');
  await context.close();
  const sum = (files: Map<string, number>) => [...files.values()].reduce((a, b) => a + b, 0);
  // A file the page ran after prefetching it counts as first-load JavaScript.
  for (const url of scripts.keys()) prefetched.delete(url);
  return { path, scripts, gzipBytes: sum(scripts), prefetched, fieldData, operatorFiles };
}

/** The sampled field-data reporter's chunk (shell/src/features/analytics/field-vitals.ts names it). */
const FIELD_DATA_CHUNK = /\/field-vitals\.[^/]+\.js$/;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1).padStart(7)} KB gz`;

async function main() {
  const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
  try {
    console.log(`first-load JavaScript on ${baseUrl} (gzip -9 of each script body)`);
    await measure('/', browser); // warms the server, so the first figure is not a cold start
    const leaks: string[] = [];
    for (const path of pages) {
      const { scripts, gzipBytes, prefetched, fieldData, operatorFiles } = await measure(
        path,
        browser,
      );
      const prefetchBytes = [...prefetched.values()].reduce((a, b) => a + b, 0);
      const idle =
        prefetched.size > 0
          ? `  idle prefetch: ${prefetched.size} files, ${(prefetchBytes / 1024).toFixed(1)} KB sent`
          : '';
      const fieldBytes = [...fieldData.values()].reduce((a, b) => a + b, 0);
      const field =
        fieldData.size > 0
          ? `  field data after paint: ${(fieldBytes / 1024).toFixed(1)} KB gz`
          : '';
      console.log(
        `${path.padEnd(24)} ${String(scripts.size).padStart(3)} files  ${kb(gzipBytes)}  (${gzipBytes} bytes)${idle}${field}`,
      );
      leaks.push(...operatorFiles.map((url) => `${path}: ${url.replace(baseUrl, '')}`));
      if (!listFiles) continue;
      for (const [url, bytes] of [...scripts].sort((a, b) => b[1] - a[1]))
        console.log(`    ${kb(bytes)}  ${url.replace(baseUrl, '')}`);
    }
    if (leaks.length > 0) {
      console.error(`A shopper page fetched operator console files:\n  ${leaks.join('\n  ')}`);
      process.exitCode = 1;
    } else console.log('No operator console (mf_ops) file was requested on these pages.');
  } finally {
    await browser.close();
  }
}

void main();
