// Pages with a server-rendered first view (docs/decisions/server-rendered-first-view.md) show the
// server's HTML until the live area takes over: as soon as the shell runs ('eager'), or at the
// visitor's first interaction ('on-interaction'), which a test gives with a real key press. A test that scrolls to or reads elements it then
// keeps using waits for the live page, so the element it holds is not the one being replaced.
import {
  expect,
  type APIRequestContext,
  type Page,
  type Request,
  type Route,
} from '@playwright/test';
import { FIRST_VIEW_STATE_ID } from '../../shared/src/ssr/server-render';

/**
 * The visitor's first interaction, for a first view that takes over 'on-interaction' (login, the
 * storefront, cart and checkout): a press of Shift, which changes nothing on the page. Harmless on
 * a page that takes over by itself. The shell listens from its first script (a deferred one), so
 * the key goes after the document has been parsed.
 */
export async function interact(page: Page): Promise<void> {
  await page.waitForLoadState('domcontentloaded');
  await page.keyboard.press('Shift');
}

/** Waits until no server element is left, giving the page the interaction it may be waiting for. */
export async function waitForLivePage(page: Page): Promise<void> {
  if ((await page.locator('[data-first-view-area]').count()) > 0) await interact(page);
  await expect(page.locator('[data-first-view-area]')).toHaveCount(0);
}

/**
 * Resolves once the server answers `path` with its first view. A render slower than the server
 * waits (a cold worker on a busy machine) sends the plain shell and fills the cache for the next
 * request, so a test about the first view asks until it is there rather than racing the render.
 */
export async function firstViewReady(request: APIRequestContext, path: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const response = await request.get(path, { headers: { accept: 'text/html' } });
        return (await response.text()).includes(`id="${FIRST_VIEW_STATE_ID}"`);
      },
      { message: `the first view of ${path}`, timeout: 60_000 },
    )
    .toBe(true);
}

/**
 * Opens `path` with the server's first view in its HTML and waits until the live page has taken
 * it over (no server element left). Returns the page's errors, kept up to date for the caller.
 */
export async function openAndTakeOver(
  page: Page,
  request: APIRequestContext,
  path: string,
): Promise<string[]> {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(String(error)));
  page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
  await firstViewReady(request, path);
  const response = await page.goto(path);
  expect(await response!.text()).toContain(`id="${FIRST_VIEW_STATE_ID}"`);
  await interact(page);
  await expect(page.locator('[data-first-view-area], [data-first-view]')).toHaveCount(0);
  return problems;
}

/**
 * A request for a remote's code that runs it: a script the page loads. The shell's idle prefetch
 * of a first view's area (`<link rel="prefetch">`, fetched after the paint, never evaluated) and
 * the manifest it reads are not.
 */
export const runsCodeOf = (remote: string) => (request: Request) =>
  request.url().includes(`/remotes/${remote}/`) && request.resourceType() === 'script';

/** The idle prefetch of a remote's entry (fetched, not run). */
export const prefetchesEntryOf = (remote: string) => (request: Request) =>
  request.url().includes(`/remotes/${remote}/`) &&
  request.url().endsWith('/remoteEntry.js') &&
  request.resourceType() !== 'script';

/**
 * Holds the scripts `matches` picks until `release`, listing the ones asked for. Other requests
 * pass: the shell's idle prefetch of the area (fetched, never run) and the manifest it reads.
 */
export async function holdFiles(page: Page, matches: (url: URL) => boolean) {
  const asked: string[] = [];
  const held: Route[] = [];
  let released = false;
  await page.route(matches, (route) => {
    if (route.request().resourceType() !== 'script') return route.continue();
    asked.push(route.request().url());
    return released ? route.continue() : void held.push(route);
  });
  const release = async () => {
    released = true;
    await Promise.all(held.splice(0).map((route) => route.continue()));
  };
  return { asked, release };
}

/** Whether React renders the shell into #root (its root container's own key). */
export const reactStarted = (page: Page) =>
  page.evaluate(() =>
    Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__react')),
  );

/** Holds the shell's start (its React part): until `release`, only its first script runs. */
export const holdShellStart = (page: Page) =>
  holdFiles(page, (url) => /\/shell-start\.[0-9a-f]+\.js$/.test(url.pathname));

/**
 * Waits until the first script does the first view's marked taps itself: its basics run after the
 * paint, and a tap before that is kept and replayed on the live page instead.
 */
export const firstViewActionsOpen = (page: Page) =>
  expect(page.locator('html[data-first-view-actions]')).toHaveCount(1);

/** Waits until no tap the first script makes waits for the server. */
export const noFirstViewActionPending = (page: Page) =>
  expect(page.locator('html[data-first-view-action-pending]')).toHaveCount(0);
