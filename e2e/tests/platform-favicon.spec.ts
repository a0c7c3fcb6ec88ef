// Every consumer page names a real favicon, and /favicon.ico (which browsers ask for anyway) is one.
import { expect, test } from '../support/shop-server';

test('consumer pages have a favicon, served as an icon, not a 404', async ({ page }) => {
  await page.goto('/pricing');
  const href = await page.locator('link[rel="icon"]').first().getAttribute('href');
  expect(href).toBe('/favicon.ico');
  const icon = await page.request.get('/favicon.ico');
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toBe('image/x-icon');
  const body = await icon.body();
  // An ICO file: reserved 0, type 1, at least one image.
  expect([...body.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
  expect(body.readUInt16LE(4)).toBeGreaterThan(0);
});
