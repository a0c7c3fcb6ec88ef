// Catalog: every catalog route, and the quiz result, passes an axe scan with no serious
// or critical violations at desktop and phone widths; screenshots go to /tmp/shots/catalog.
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { fullPageShot } from '../support/screenshots';
import { waitForLivePage } from '../support/first-view';
import { expect, test } from '../support/shop-server';

// Each test scans and photographs its screens at two widths; with both cores busy a full-page
// screenshot alone can take many seconds. The tests still wait for state, never for time.
test.describe.configure({ timeout: 120_000 });

const SHOTS = '/tmp/shots/catalog';

const ROUTES: { name: string; path: string }[] = [
  { name: 'home', path: '/' },
  { name: 'pricing', path: '/pricing' },
  { name: 'products', path: '/products' },
  { name: 'program-pricing', path: '/pricing/heart-and-metabolic-program' },
  { name: 'programs', path: '/programs' },
  { name: 'heart-health', path: '/programs/heart-health' },
  { name: 'quiz', path: '/quiz/which-test-is-right-for-me' },
  { name: 'understand-your-health', path: '/understand-your-health' },
  { name: 'advanced-cholesterol', path: '/advanced-cholesterol' },
  { name: 'upload-results', path: '/upload-results' },
  { name: 'how-to-export', path: '/upload-results/how-to-export' },
];

/** Scans and photographs the page at phone and desktop width. */
async function scanAndShoot(page: Page, name: string) {
  // The scan is of the live page: scrolling the server's first view would not bring the live
  // page's below-the-fold forms near.
  await waitForLivePage(page);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    // Scroll through once so lazy images load before the scan and the full-page shot.
    await page.evaluate(async () => {
      for (let y = 0; y < document.documentElement.scrollHeight; y += 600) {
        window.scrollTo(0, y);
        // A frame per step, so intersection observers see each position.
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      }
      window.scrollTo(0, 0);
    });
    await page.waitForFunction(() => [...document.images].every((image) => image.complete));
    // The scroll brought the below-the-fold forms near, so they are mounted for the scan.
    await expect(page.locator('.cat-block-skeleton, .cat-skel')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    // Nothing may overflow sideways on a phone.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      `${name} at ${width}px`,
    ).toBeLessThanOrEqual(width);
    await fullPageShot(page, `${SHOTS}/${name}-${width}.png`);
  }
}

for (const route of ROUTES) {
  test(`${route.path} has no serious accessibility violations at 375 and 1280 px`, async ({
    page,
  }) => {
    await page.goto(route.path);
    await expect(
      page.locator('[data-area="catalog"]').getByRole('heading', { level: 1 }),
    ).toBeVisible();
    // The page is loaded: no skeletons left (scanAndShoot scrolls, which mounts the forms).
    await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
    await expect(page.locator('.cat-skel')).toHaveCount(0);
    await scanAndShoot(page, route.name);
  });
}

test('the quiz result and the forms with errors have no serious accessibility violations', async ({
  page,
}) => {
  await page.goto('/quiz/which-test-is-right-for-me');
  // Five quick presses on the live quiz (the server's first question keeps one press of Next).
  await waitForLivePage(page);
  for (let step = 0; step < 5; step += 1) {
    await page.locator('.cat-answer').first().click();
    await page.keyboard.press('Enter');
  }
  await expect(page.getByRole('heading', { name: /^We recommend/ })).toBeVisible();
  await scanAndShoot(page, 'quiz-result');

  await page.goto('/');
  // The forms mount as they are scrolled near (their code is not part of the first load).
  await waitForLivePage(page);
  await page.getByRole('heading', { name: 'Coming soon to New York' }).scrollIntoViewIfNeeded();
  await page.getByRole('heading', { name: /Know someone/ }).scrollIntoViewIfNeeded();
  await page
    .getByRole('form', { name: 'Coming soon to New York' })
    .getByRole('button', { name: 'Join the waitlist' })
    .click();
  await page
    .getByRole('form', { name: /Know someone/ })
    .getByRole('button', { name: 'Send invitation' })
    .click();
  await expect(page.getByText('Please enter your name')).toBeVisible();
  await page.getByRole('form', { name: 'Coming soon to New York' }).scrollIntoViewIfNeeded();
  await expectNoSeriousA11yViolations(page);
});
