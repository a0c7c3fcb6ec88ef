// The quiz's first view (docs/decisions/on-interaction-takeover.md): its first question is in the
// HTML with antd's styles, React and the catalog's code wait for the visitor's first interaction,
// and an answer chosen and "Next" pressed on the server's page land on the live quiz's second question.
import type { Page } from '@playwright/test';
import { USER_SEX_KEY } from '../../shared/src/client-state/client-storage';
import { waitForDataLayerEvent, dataLayerEvents } from '../support/data-layer';
import { firstViewReady, holdFiles, interact, reactStarted } from '../support/first-view';
import { answerFromGoalToRecommendation, QUIZ_COMPLETED } from '../support/quiz';
import { fullPageShot } from '../support/screenshots';
import { expect, test } from '../support/shop-server';

const QUIZ = '/quiz/which-test-is-right-for-me';
const SHOTS = '/tmp/shots/catalog';

/** Layout shifts from the first paint on, as CLS counts them (not those right after an input). */
async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: { value: number; sources: string[] }[] = [];
    (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
    const describe = (node: Node | null) =>
      node instanceof Element
        ? `${node.tagName.toLowerCase()}.${[...node.classList].join('.')}`
        : String(node?.nodeName);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
        sources: { node: Node | null }[];
      }[])
        if (!entry.hadRecentInput)
          shifts.push({
            value: entry.value,
            sources: entry.sources.map((source) => describe(source.node)),
          });
    }).observe({ type: 'layout-shift', buffered: true });
  });
}
/** The shifts so far, each with the elements that moved. */
const layoutShifts = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { __shifts: { value: number; sources: string[] }[] }).__shifts,
  );
const total = (shifts: { value: number }[]) => shifts.reduce((sum, shift) => sum + shift.value, 0);

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the first question is there from the HTML alone, styled', async ({ page, shop }) => {
    await firstViewReady(shop.api, QUIZ);
    const response = await page.goto(QUIZ);
    const html = await response!.text();
    expect(html).toContain('"takeover":"on-interaction"');
    expect(html).toMatch(/<style[^>]*>[^<]*\.ant-btn/);
    await expect(page).toHaveTitle('Which test is right for me? | Bloodwise');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Which test is right for me?' }),
    ).toBeVisible();
    await expect(page.getByText('Question 1 of 5')).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Female' })).toBeVisible();
    const next = page.getByRole('button', { name: 'Next' });
    await expect(next).toBeEnabled();
    // antd's primary button, drawn by the styles in the page: the brand's fill, not the browser's grey.
    expect(await next.evaluate((button) => getComputedStyle(button).borderRadius)).not.toBe('0px');
  });
});

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('the takeover moves nothing: the first view is drawn as the live quiz draws it', async ({
      page,
      shop,
    }) => {
      await recordLayoutShifts(page);
      await firstViewReady(shop.api, QUIZ);
      await page.goto(QUIZ);
      const legend = page.locator('.cat-question legend');
      await expect(legend).toHaveText('What sex were you assigned at birth?');
      const before = await legend.boundingBox();
      await interact(page);
      await expect(page.locator('[data-first-view-area]')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Next' })).toBeVisible();
      expect(await legend.boundingBox()).toEqual(before);
      // Nothing else moved either (the header, the buttons below the question).
      const shifts = await layoutShifts(page);
      expect(total(shifts), JSON.stringify(shifts)).toBeLessThanOrEqual(0.02);
    });

    test('an answer and "Next" pressed on the first view land on the live second question, and the quiz completes', async ({
      page,
      shop,
    }) => {
      // The catalog's code, held once asked for, so the presses are made on the server's page.
      const catalogFiles = await holdFiles(page, (url) =>
        url.pathname.includes('/remotes/mf_catalog/'),
      );
      const pageViews: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/impact/log-page-view'))
          pageViews.push((request.postDataJSON() as { url: string }).url);
      });

      await firstViewReady(shop.api, QUIZ);
      await page.goto(QUIZ);
      const firstView = page.locator('[data-first-view-area="catalog"]');
      await expect(firstView.getByText('Question 1 of 5')).toBeVisible();
      // Until the visitor acts the page is the server's: the shell's start files are fetched
      // ahead (not run), React has not started and the catalog's code is not asked for.
      await expect(page.locator('link[rel="prefetch"][href*="/shell-start."]')).toHaveCount(1);
      expect(await reactStarted(page)).toBe(false);
      expect(catalogFiles.asked).toEqual([]);
      await fullPageShot(page, `${SHOTS}/quiz-first-view-${width}.png`);

      // The first answer and "Next", on the server's page: the press shows it is busy.
      await firstView.getByText('Female', { exact: true }).click();
      await expect.poll(() => catalogFiles.asked.length).toBeGreaterThan(0);
      const serverNext = firstView.getByRole('button', { name: 'Next' });
      await serverNext.click();
      await expect(serverNext).toHaveAttribute('aria-busy', 'true');
      await expect(firstView).toHaveCount(1);

      await catalogFiles.release();
      await expect(page.locator('[data-first-view-area]')).toHaveCount(0);
      expect(await reactStarted(page)).toBe(true);
      // The live quiz took the answer and the press: the second question, focused.
      await expect(page.getByText('Question 2 of 5')).toBeVisible();
      await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '20');
      await expect(page.locator('.cat-question legend')).toBeFocused();
      expect(await page.evaluate((key) => localStorage.getItem(key), USER_SEX_KEY)).toBe('female');
      await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toHaveCount(0);
      await fullPageShot(page, `${SHOTS}/quiz-live-second-question-${width}.png`);

      // Back shows the carried answer; the quiz then completes as before.
      await page.getByRole('button', { name: 'Back' }).click();
      await expect(page.getByRole('radio', { name: 'Female' })).toBeChecked();
      await page.getByRole('button', { name: 'Next' }).click();
      await page.keyboard.press('3'); // 45 to 59
      await page.keyboard.press('Enter');
      await answerFromGoalToRecommendation(page);
      await waitForDataLayerEvent(page, 'quiz_completed');
      expect(await dataLayerEvents(page, 'quiz_completed')).toEqual([QUIZ_COMPLETED]);
      // The visit was logged once: by the shell's basics as the page opened, not again by React.
      expect(pageViews.filter((url) => url === QUIZ)).toEqual([QUIZ]);
    });
  });
}
