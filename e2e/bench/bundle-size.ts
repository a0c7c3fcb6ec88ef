// Prints the gzip bytes of JavaScript loaded on the first view of the key pages (not a test).
// Usage: pnpm bench:bundle [baseUrl] [storefrontKey]   (default http://localhost:8080 and "demo")
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_LAUNCH_OPTIONS } from '../support/chromium';

const baseUrl = (process.argv[2] ?? process.env.SHOP_URL ?? 'http://localhost:8080').replace(
  /\/$/,
  '',
);
const storefrontKey = process.argv[3] ?? process.env.STOREFRONT_KEY ?? 'demo';
const pages = ['/', '/pricing', '/shopping-cart', '/checkout', `/shop/${storefrontKey}`];

async function measure(path: string, browser: Awaited<ReturnType<typeof chromium.launch>>) {
  // A fresh context per page: first view means an empty cache.
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts = new Map<string, number>();
  page.on('response', async (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && !response.url().endsWith('.js')) return;
    try {
      scripts.set(response.url(), gzipSync(await response.body(), { level: 9 }).length);
    } catch {
      // Aborted or redirected responses have no body.
    }
  });
  await page.goto(baseUrl + path, { waitUntil: 'networkidle' });
  await context.close();
  const total = [...scripts.values()].reduce((sum, bytes) => sum + bytes, 0);
  return { path, files: scripts.size, gzipBytes: total };
}

async function main() {
  const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
  try {
    console.log(`first-load JavaScript on ${baseUrl} (gzip -9 of each script body)`);
    for (const path of pages) {
      const { files, gzipBytes } = await measure(path, browser);
      console.log(
        `${path.padEnd(24)} ${String(files).padStart(3)} files  ${(gzipBytes / 1024).toFixed(1).padStart(7)} KB gz  (${gzipBytes} bytes)`,
      );
    }
  } finally {
    await browser.close();
  }
}

void main();
