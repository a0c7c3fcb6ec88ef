// On every route change, once the user query has settled, the shell sends
// POST /impact/log-page-view {url, ip: null, referringUrl, userAgent, sessionId} with the bearer token.
import type { Request } from '@playwright/test';
import { waitForLivePage } from '../support/first-view';
import { watchNetwork } from '../support/settled';
import { expect, test } from '../support/shop-server';

interface PageViewBody {
  url: string;
  ip: null;
  referringUrl: string;
  userAgent: string;
  sessionId: string;
}

test('a page view is logged for the first page and for each route change, with the bearer token', async ({
  page,
  shop,
}) => {
  const logged: { body: PageViewBody; authorization: string | undefined; status: number | null }[] =
    [];
  page.on('requestfinished', (request: Request) => {
    if (request.method() !== 'POST' || !request.url().endsWith('/impact/log-page-view')) return;
    void request.response().then((response) =>
      logged.push({
        body: request.postDataJSON() as PageViewBody,
        authorization: request.headers().authorization,
        status: response?.status() ?? null,
      }),
    );
  });
  const userQueryDone = page.waitForResponse((response) =>
    response.url().includes('/user/cms-info'),
  );

  await page.goto('/');
  await expect.poll(() => logged.length).toBe(1);
  // The main page waits for the visitor; its links change pages in place once the shell runs.
  await waitForLivePage(page);
  await userQueryDone;
  expect(logged).toHaveLength(1);

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Tests & pricing' })
    .click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect.poll(() => logged.length).toBe(2);

  await page.getByRole('link', { name: /cart/i }).first().click();
  await expect(page).toHaveURL(/\/shopping-cart$/);
  await expect.poll(() => logged.length).toBe(3);

  await page.goBack();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect.poll(() => logged.length).toBe(4);

  const sessionId = await page.evaluate(() => localStorage.getItem('curr-session-id'));
  expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
  const userAgent = await page.evaluate(() => navigator.userAgent);
  expect(logged.map((entry) => [entry.body.url, entry.body.referringUrl])).toEqual([
    ['/', ''],
    ['/pricing', '/'],
    ['/shopping-cart', '/pricing'],
    ['/pricing', '/shopping-cart'],
  ]);
  for (const entry of logged) {
    expect(entry.authorization).toBe(`Bearer ${shop.pageViewToken}`);
    expect(entry.body).toEqual({
      url: entry.body.url,
      ip: null,
      referringUrl: entry.body.referringUrl,
      userAgent,
      sessionId,
    });
    // The server accepted it: the token in /config.js is the one it checks.
    expect(entry.status).toBeLessThan(300);
  }
});

test('a query string is part of the logged url, and a same-URL re-render logs nothing more', async ({
  page,
}) => {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/impact/log-page-view'))
      urls.push((request.postDataJSON() as PageViewBody).url);
  });
  const network = watchNetwork(page);
  await page.goto('/pricing?discount=SPRING10');
  await expect.poll(() => urls).toEqual(['/pricing?discount=SPRING10']);
  // The catalog area re-renders as its data arrives; none of that is a route change.
  await expect(
    page.locator('[data-area="catalog"]').getByRole('heading', { level: 1 }).first(),
  ).toBeVisible();
  // The live area has taken over and every read it made is answered: its re-renders are done.
  await waitForLivePage(page);
  await network.settled();
  expect(urls).toEqual(['/pricing?discount=SPRING10']);
});
