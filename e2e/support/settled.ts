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
      await expect.poll(() => answered).toBe(sent);
    },
  };
}
