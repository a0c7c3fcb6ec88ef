// The catalog's pages wait for the visitor (docs/decisions/on-interaction-takeover.md): a reader
// who only scrolls pays for no React and no catalog code, until they scroll near a form only the
// live page fills (the New York waitlist); then the page goes live by itself and the form arrives.
import { firstViewReady, holdFiles, reactStarted, waitForLivePage } from '../support/first-view';
import { fullPageShot } from '../support/screenshots';
import { watchNetwork } from '../support/settled';
import { expect, test } from '../support/shop-server';

const SHOTS = '/tmp/shots/catalog';

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('the main page waits for the reader, and scrolling to the waitlist brings its form without a tap', async ({
      page,
      shop,
    }) => {
      await firstViewReady(shop.api, '/');
      const held = await holdFiles(page, (url) => url.pathname.includes('/remotes/mf_catalog/'));
      const network = watchNetwork(page);
      await page.goto('/');
      const firstView = page.locator('[data-first-view-area="catalog"]');
      await expect(firstView.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page).toHaveTitle('At-home blood tests | Bloodwise');
      const spot = firstView.locator('[data-section="waitlist"] [data-first-view-when-near]');
      await expect(spot).toHaveCount(1);
      // Reading the top of the page: nothing runs, nothing of the catalog is asked for (a held
      // script would leave a request unanswered, so this fails then too).
      await network.settled();
      expect(await reactStarted(page)).toBe(false);
      expect(held.asked).toEqual([]);

      // Scrolled by the page itself, no pointer, key or touch: only the spot coming near.
      await page.evaluate(() =>
        document.querySelector('[data-section="waitlist"]')!.scrollIntoView({ block: 'center' }),
      );
      await expect.poll(() => held.asked.length).toBeGreaterThan(0);
      await held.release();
      const form = page.getByRole('form', { name: 'Coming soon to New York' });
      await expect(form.getByLabel('Full name')).toBeVisible();
      await expect(firstView).toHaveCount(0);
      expect(await reactStarted(page)).toBe(true);
      await form.getByRole('button', { name: 'Join the waitlist' }).click();
      await expect(form.getByText('Please enter your name')).toBeVisible();
      await fullPageShot(page, `${SHOTS}/main-page-waitlist-${width}.png`);
    });
  });
}

test('a reader who scrolled the waiting page stays where they were when it goes live', async ({
  page,
  shop,
}) => {
  await firstViewReady(shop.api, '/');
  await page.goto('/');
  await expect(page.locator('[data-first-view-area="catalog"]')).toHaveCount(1);
  await page.evaluate(() => window.scrollTo(0, 900));
  await waitForLivePage(page);
  expect(await reactStarted(page)).toBe(true);
  expect(await page.evaluate(() => window.scrollY)).toBe(900);
});
