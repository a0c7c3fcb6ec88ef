// Waiting for state, not time: "nothing else happened" is checked once the page has finished what
// it was doing, not after a guessed pause.
import { expect, type Page } from '@playwright/test';

/**
 * Resolves after the browser has painted twice more: React's effects of what is on screen (a
 * redirect, an analytics call) have run by then, and so have load and error handlers of images
 * that had completed.
 */
export async function afterNextPaints(page: Page): Promise<void> {
  await page.waitForFunction(() => [...document.images].every((image) => image.complete));
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );
}

/** Counts requests matching `test` and resolves once every one of them has been answered. */
export function trackRequests(page: Page, test: (url: string, method: string) => boolean) {
  let sent = 0;
  let answered = 0;
  page.on('request', (request) => {
    if (test(request.url(), request.method())) sent += 1;
  });
  const done = (request: { url(): string; method(): string }) => {
    if (test(request.url(), request.method())) answered += 1;
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    get sent() {
      return sent;
    },
    async allAnswered(): Promise<void> {
      // Read on every poll: a request sent while waiting is waited for too.
      await expect.poll(() => sent - answered).toBe(0);
    },
  };
}

/**
 * Watches every request the page sends from now on. `settled()` resolves once each one sent has
 * been answered and the page has painted twice since with no new one: what the page started (a
 * hydration's reads, a replayed press, the analytics they send) is over, so a count taken then
 * includes any late duplicate. No quiet period is guessed, unlike the 'networkidle' load state.
 */
export function watchNetwork(page: Page) {
  let sent = 0;
  let answered = 0;
  page.on('request', () => (sent += 1));
  page.on('requestfinished', () => (answered += 1));
  page.on('requestfailed', () => (answered += 1));
  return {
    async settled(): Promise<void> {
      for (;;) {
        await expect
          .poll(() => sent - answered, { message: 'requests still unanswered', timeout: 30_000 })
          .toBe(0);
        const seen = sent;
        // Two paints, without afterNextPaints' wait for images: a lazy image below the fold never
        // completes until it is scrolled to.
        await page.evaluate(
          () =>
            new Promise<void>((resolve) =>
              requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
            ),
        );
        if (sent === seen && answered === sent) return;
      }
    },
  };
}
