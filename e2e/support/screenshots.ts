// Full-page screenshots at the phone and desktop widths the issues ask for, written outside the repo.
import type { Page } from '@playwright/test';

export const SHOT_WIDTHS = [375, 1280] as const;

/** Writes `<dir>/<name>-<width>.png` for each width, then puts the viewport back to 1280 x 800. */
export async function screenshotAtWidths(page: Page, dir: string, name: string): Promise<void> {
  for (const width of SHOT_WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    // Full-page shots of a scrolled page draw the sticky header mid-page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}
