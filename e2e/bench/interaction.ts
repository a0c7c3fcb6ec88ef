// The first tap on a mid-range phone (not a test): Chromium with its CPU slowed 4x and slow 4G
// (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up) through the DevTools protocol; each page
// loaded (a form filled in where the tap sends one), one second of reading, then one tap. Prints,
// per tap, the median of N runs of the time from the press to the first change on screen (the
// frame after the first DOM change) and to the result shown.
// Usage: pnpm bench:interaction [--runs N] [--url baseUrl] [--key partner-key] [--only text] [--reading ms]
//   Without --url it starts the BUILT shop the way the browser tests do; run `pnpm run build` first.
//   --only measures the taps whose label contains the text (e.g. `--only cart`); --reading changes
//   the second of reading (a longer one lets the idle prefetch finish: what the tap waits for then
//   is not the network).
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page } from 'playwright-core';
import { preparationOf, prepareSession, type Preparation } from '../support/bench-session';
import { fillCard, fillContactAndShipping } from '../support/checkout-flow';
import { CHROMIUM_LAUNCH_OPTIONS } from '../support/chromium';
import { startShopServer, type ShopServer } from '../support/shop-server';

const { values: options } = parseArgs({
  args: process.argv.slice(2).filter((arg, index) => !(index === 0 && arg === '--')),
  options: {
    runs: { type: 'string', default: '3' },
    key: { type: 'string', default: process.env.STOREFRONT_KEY ?? 'acme-wellness' },
    url: { type: 'string', default: process.env.SHOP_URL },
    only: { type: 'string', default: '' },
    reading: { type: 'string', default: '1000' },
  },
});
const runs = Number(options.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs wants a whole number >= 1`);
const readingMs = Number(options.reading);
if (!(readingMs >= 0)) throw new Error(`--reading wants milliseconds >= 0`);

const PHONE = {
  cpuSlowdown: 4,
  latencyMs: 150,
  downloadBytesPerSecond: (1.6 * 1024 * 1024) / 8,
  uploadBytesPerSecond: (750 * 1024) / 8,
};

interface Tap {
  label: string;
  path: string;
  /** What is pressed. */
  target: (page: Page) => ReturnType<Page['getByRole']>;
  /** What shows the tap's result (checked in the page each frame; see `watchTap`). */
  done: ResultShown;
  /** Filled in before the tap (a wrong password, a discount code, the checkout form). */
  prepare?: (page: Page) => Promise<void>;
  /** What the browser holds before the page opens, when not the page's own (support/bench-session.ts). */
  preparation?: Preparation;
}

type ResultShown =
  | 'badge-counts-one'
  | 'quantity-two'
  | 'quantity-one'
  | 'cart-empty'
  | 'cart-page-line'
  | 'discount-applied'
  | 'thank-you'
  | 'check-your-email'
  | 'alert';
const KIT = 'Bloodwise Complete Panel';

/** Waits until the live page has taken over the first view (a field filled in is an interaction). */
async function livePage(page: Page): Promise<void> {
  await page.keyboard.press('Shift');
  await page.locator('[data-first-view-area]').waitFor({ state: 'detached', timeout: 60_000 });
}
const taps = (key: string): Tap[] => [
  {
    label: '`/pricing`, "Add to cart"',
    path: '/pricing',
    target: (page) => page.getByRole('button', { name: /add to cart/i }).first(),
    done: 'badge-counts-one',
  },
  {
    label: '`/shopping-cart`, "+" on a kit',
    path: '/shopping-cart',
    target: (page) => page.getByRole('button', { name: `One more ${KIT}` }),
    done: 'quantity-two',
  },
  {
    label: `\`/shop/${key}/pricing\`, "Add to cart"`,
    path: `/shop/${key}/pricing`,
    target: (page) => page.getByRole('button', { name: /add to cart/i }).first(),
    done: 'cart-page-line',
  },
  {
    label: '`/login`, "Log in" with a wrong password',
    path: '/login',
    target: (page) => page.getByRole('button', { name: 'Log in' }),
    done: 'alert',
    prepare: async (page) => {
      await page.locator('#username').fill('nobody@example.com');
      await page.locator('#password').fill('not-the-password-1');
    },
  },
  {
    label: '`/shopping-cart`, "−" on a kit (2 → 1)',
    path: '/shopping-cart',
    preparation: 'two-kits',
    target: (page) => page.getByRole('button', { name: `One fewer ${KIT}` }),
    done: 'quantity-one',
  },
  {
    label: '`/shopping-cart`, "Remove" a kit',
    path: '/shopping-cart',
    target: (page) => page.getByRole('button', { name: `Remove ${KIT}` }),
    done: 'cart-empty',
  },
  {
    label: '`/checkout`, "Apply" a discount code',
    path: '/checkout',
    target: (page) => page.getByRole('button', { name: 'Apply', exact: true }),
    done: 'discount-applied',
    prepare: async (page) => {
      await page.locator('#co-discount-code').fill('WELCOME10');
    },
  },
  {
    label: '`/checkout`, "Place order" (its progress; result: thank-you)',
    path: '/checkout',
    target: (page) => page.getByTestId('place-order'),
    done: 'thank-you',
    // The card goes into the payment provider's element, which only the live page draws.
    prepare: async (page) => {
      await livePage(page);
      await fillContactAndShipping(page, `bench-${randomUUID()}@example.com`);
      await fillCard(page, '4242 4242 4242 4242');
    },
  },
  {
    label: '`/signup`, "Create account"',
    path: '/signup',
    target: (page) => page.getByRole('button', { name: 'Create account' }),
    done: 'check-your-email',
    prepare: async (page) => {
      await page.getByLabel('Full name').fill('Bench Shopper');
      await page.getByLabel('Email').fill(`bench-${randomUUID()}@example.com`);
      await page.getByLabel('Password', { exact: true }).fill(`Bench-${randomUUID()}`);
    },
  },
];

/**
 * Watches from the press: the frame after the first DOM change, and the first frame the result
 * shows. Source text, not a function: under tsx a function carries its `__name` helper into the page.
 */
const WATCH_TAP = `(done) => {
  // Kept in sessionStorage: a tap that opens another page (a partner's "Add to cart") is watched on
  // into the next document, where this runs again (an init script) and resumes.
  const KEY = '__benchTap';
  const now = () => performance.timeOrigin + performance.now();
  const saved = JSON.parse(sessionStorage.getItem(KEY) || 'null');
  const tap = saved || { done, pressed: 0, firstChange: 0, result: 0 };
  const save = () => sessionStorage.setItem(KEY, JSON.stringify(tap));
  // A first view's tap done by the first script shows at once; its result is the server's answer.
  const isDone = () => !document.documentElement.hasAttribute('data-first-view-action-pending') && shown();
  const shown = () => {
    const done = tap.done;
    if (done === 'badge-counts-one')
      return document.querySelector('[data-testid="cart-count"]')?.textContent === '1';
    const quantityIs = (text) =>
      [...document.querySelectorAll('[data-area="checkout"] output')].some(
        (output) => output.textContent === text,
      );
    const heading = (text) =>
      [...document.querySelectorAll('h1, h2')].some((h) => h.textContent.startsWith(text));
    if (done === 'quantity-two') return quantityIs('2');
    if (done === 'quantity-one') return quantityIs('1');
    if (done === 'cart-empty') return heading('Your cart is empty');
    if (done === 'cart-page-line')
      return location.pathname.endsWith('/shopping-cart') &&
        document.querySelector('[data-testid="summary-line"]') !== null;
    if (done === 'discount-applied')
      return document.querySelector('[data-testid="discount-message"]:not([role="alert"])') !== null;
    if (done === 'thank-you')
      return location.pathname.endsWith('/checkout/thank-you') && heading('Thank you');
    if (done === 'check-your-email') return heading('Check your email');
    return document.querySelector('[role="alert"]') !== null;
  };
  const watch = () => {
    const check = () => {
      if (isDone()) {
        tap.result = now();
        save();
      } else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  };
  if (saved) {
    if (saved.pressed && !saved.result) watch();
    return;
  }
  document.addEventListener('pointerdown', (event) => {
    if (tap.pressed) return;
    tap.pressed = performance.timeOrigin + event.timeStamp;
    save();
    const observer = new MutationObserver(() => {
      observer.disconnect();
      requestAnimationFrame(() => {
        tap.firstChange = now();
        save();
      });
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    watch();
  }, { capture: true });
}`;

const TAP_FIGURES = `(() => {
  const t = JSON.parse(sessionStorage.getItem('__benchTap') || 'null');
  return t && t.result && t.firstChange
    ? { first: t.firstChange - t.pressed, result: t.result - t.pressed }
    : null;
})()`;

async function measure(browser: Browser, baseUrl: string, tap: Tap) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: false,
    bypassCSP: true,
  });
  const page = await context.newPage();
  try {
    const url = await prepareSession(
      page,
      baseUrl + tap.path,
      tap.preparation ?? preparationOf(tap.path),
    );
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: PHONE.latencyMs,
      downloadThroughput: PHONE.downloadBytesPerSecond,
      uploadThroughput: PHONE.uploadBytesPerSecond,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown });
    await page.goto(url, { waitUntil: 'load' });
    await tap.prepare?.(page);
    await page.waitForTimeout(readingMs);
    const watcher = `(${WATCH_TAP})(${JSON.stringify(tap.done)})`;
    await page.evaluate(`sessionStorage.removeItem('__benchTap')`);
    await page.evaluate(watcher);
    // From here on, a page the tap opens watches on (the tap's state is in sessionStorage).
    await page.addInitScript(watcher);
    await tap.target(page).click({ noWaitAfter: true });
    const figures = await page.waitForFunction(TAP_FIGURES, undefined, {
      timeout: 30_000,
      polling: 100,
    });
    return (await figures.jsonValue()) as { first: number; result: number };
  } finally {
    await context.close();
  }
}

/** The host's 1-minute load average as the tap's runs end: the figures are slower on a busy host. */
const loadAverage = () => os.loadavg()[0]!.toFixed(1);
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) =>
  value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`;

async function main() {
  let server: ShopServer | undefined;
  const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
  try {
    if (!options.url) server = await startShopServer({ label: 'shop-interaction' });
    const baseUrl = (options.url ?? server!.url).replace(/\/$/, '');
    const chosen = taps(options.key).filter((tap) => tap.label.includes(options.only));
    // Warms the server's renderers, so the first figure is not a cold start.
    for (const tap of chosen) await measure(browser, baseUrl, tap).catch(() => undefined);
    console.log(
      `first tap on ${baseUrl}: CPU ${PHONE.cpuSlowdown}x slower, ${PHONE.latencyMs} ms round trip, 1.6 Mbit/s down, 750 kbit/s up; ${readingMs} ms of reading; median of ${runs}\n`,
    );
    console.log(`${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'})\n`);
    console.log('| first tap | first change on screen | result shown | load average (1 min) |');
    console.log('|---|---|---|---|');
    for (const tap of chosen) {
      const figures = [];
      try {
        for (let run = 0; run < runs; run += 1) figures.push(await measure(browser, baseUrl, tap));
      } catch (error) {
        // One tap that never shows its result does not lose the others' figures.
        console.log(
          `| ${tap.label} | failed: ${String(error).split('\n')[0]} | | ${loadAverage()} |`,
        );
        continue;
      }
      console.log(
        `| ${tap.label} | ${ms(median(figures.map((f) => f.first)))} | ${ms(median(figures.map((f) => f.result)))} | ${loadAverage()} |`,
      );
    }
  } finally {
    await browser.close();
    await server?.stop();
  }
}

void main();
