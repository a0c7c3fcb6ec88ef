// Pages with a server-rendered first view (docs/decisions/server-rendered-first-view.md) show the
// server's HTML until the live area takes over. A test that scrolls to or reads elements it then
// keeps using waits for the live page, so the element it holds is not the one being replaced.
import { expect, type Page } from '@playwright/test';

export async function waitForLivePage(page: Page): Promise<void> {
  await expect(page.locator('[data-first-view-area]')).toHaveCount(0);
}
