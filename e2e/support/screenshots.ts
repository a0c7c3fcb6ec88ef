// Full-page screenshots at the phone and desktop widths, written outside the repo for a person to
// look at. They assert nothing and a full-page shot of a long page costs seconds with both cores
// busy, so `npm test` leaves them out: `E2E_SCREENSHOTS=1 pnpm test:e2e` takes them.
import type { Page } from '@playwright/test';

export const SHOT_WIDTHS = [375, 1280] as const;

const screenshotsWanted = (): boolean => process.env.E2E_SCREENSHOTS === '1';

/** A full-page shot of the page as it is now, when screenshots are wanted. */
export async function fullPageShot(page: Page, file: string): Promise<void> {
  if (screenshotsWanted()) await page.screenshot({ path: file, fullPage: true });
}

/** Writes `<dir>/<name>-<width>.png` for each width, then puts the viewport back to 1280 x 800. */
export async function screenshotAtWidths(page: Page, dir: string, name: string): Promise<void> {
  if (!screenshotsWanted()) return;
  for (const width of SHOT_WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    // Full-page shots of a scrolled page draw the sticky header mid-page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}
