// Lighthouse mobile performance of the key pages (not a test; the goal is a score >= 95).
// Usage: pnpm bench:lighthouse [--runs N] [--all] [--key partner-key] [--url baseUrl] [--save dir] [route ...]
//   Routes may name the partner as {key}. Without --url it starts the BUILT shop the way the browser
//   tests do (support/shop-server.ts); run `pnpm run build` first. Lighthouse's default config is the
//   mobile one (Moto G Power-class screen, simulated slow 4G and 4x CPU slowdown). Lighthouse applies
//   that slowdown to any host, so a fast host flatters the score: above a benchmark index of 1,500 the
//   bench raises it in proportion (index ÷ 1,500 × 4), measured by one uncounted run first.
//   `/account/results` and `/account` are measured signed in as a customer with 20 quarterly reports
//   of 60 biomarkers. `--all` adds the other pages a shopper lands on to the eight key ones.
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import type { Result } from 'lighthouse';
import { chromium } from 'playwright-core';
import { preparationOf, prepareSession, type Preparation } from '../support/bench-session';
import { CHROMIUM_LAUNCH_OPTIONS } from '../support/chromium';
import { runCommand, startShopServer, type ShopServer } from '../support/shop-server';

const DEFAULT_ROUTES = [
  '/',
  '/pricing',
  '/shopping-cart',
  '/checkout',
  '/shop/{key}',
  '/shop/{key}/pricing',
  '/login',
  '/checkout/thank-you',
];
/** The other pages a shopper can land on (`--all`). */
const MORE_ROUTES = [
  '/programs',
  '/quiz/which-test-is-right-for-me',
  '/upload-results',
  '/signup',
  '/account',
  '/account/results',
  '/shop/{key}/shopping-cart',
  '/shop/{key}/checkout',
];
const GOAL = 95;
const MEASURE_ATTEMPTS = 3;
// The benchmark index of the host Lighthouse's 4x slowdown stands for (its throttling guide's "typical" desktop).
const REFERENCE_BENCHMARK_INDEX = 1500;
const DEFAULT_CPU_SLOWDOWN = 4;

/** The CPU slowdown that makes this host a phone: 4x up to index 1,500, proportionally more above. */
const cpuSlowdownFor = (benchmarkIndex: number): number =>
  benchmarkIndex > REFERENCE_BENCHMARK_INDEX
    ? Math.round((benchmarkIndex / REFERENCE_BENCHMARK_INDEX) * DEFAULT_CPU_SLOWDOWN * 100) / 100
    : DEFAULT_CPU_SLOWDOWN;
// Lighthouse runs in a plain node child: under tsx its page-side functions would carry tsx's
// `__name` helper into the browser, where it does not exist ("__name is not defined").
const LIGHTHOUSE_CLI = require.resolve('lighthouse/cli/index.js');

const { values: options, positionals } = parseArgs({
  // `pnpm bench:lighthouse -- --runs 5` hands the script the `--` too.
  args: process.argv.slice(2).filter((arg, index) => !(index === 0 && arg === '--')),
  allowPositionals: true,
  options: {
    runs: { type: 'string', default: '3' },
    key: { type: 'string', default: process.env.STOREFRONT_KEY ?? 'acme-wellness' },
    url: { type: 'string', default: process.env.SHOP_URL },
    save: { type: 'string' },
    all: { type: 'boolean', default: false },
  },
});
const runs = Number(options.runs);
if (!Number.isInteger(runs) || runs < 1)
  throw new Error(`--runs wants a whole number >= 1, not "${options.runs}"`);
const routes = [
  ...(positionals.length > 0 ? positionals : DEFAULT_ROUTES),
  ...(options.all ? MORE_ROUTES : []),
].map((route) => route.replaceAll('{key}', options.key));
for (const route of routes)
  if (!route.startsWith('/')) throw new Error(`A route starts with "/": "${route}"`);

interface RunFigures {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  jsBytes: number;
  lhr: Result;
}

const numeric = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? NaN;

/** Transfer size of every script the page loaded (the network-requests audit lists them all). */
function scriptTransferBytes(lhr: Result): number {
  const details = lhr.audits['network-requests']?.details;
  if (details?.type !== 'table') return NaN;
  return details.items
    .filter((item) => item.resourceType === 'Script')
    .reduce(
      (sum, item) => sum + (typeof item.transferSize === 'number' ? item.transferSize : 0),
      0,
    );
}

function figuresOf(lhr: Result): RunFigures {
  if (lhr.runtimeError)
    throw new Error(
      `Lighthouse could not measure ${lhr.requestedUrl}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`,
    );
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: numeric(lhr, 'first-contentful-paint'),
    lcp: numeric(lhr, 'largest-contentful-paint'),
    tbt: numeric(lhr, 'total-blocking-time'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    jsBytes: scriptTransferBytes(lhr),
    lhr,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

// Informational audits that restate a metric, and LH 12's insight audits that repeat an opportunity.
const NOT_AN_OPPORTUNITY = /^(largest-contentful-paint-element|layout-shifts)$|-insight$/;

/** What to fix first: the failing audits that would save the most FCP/LCP/TBT, the LCP phases, the busiest script. */
function opportunities(lhr: Result, count = 3): string[] {
  const perfAuditIds = new Set((lhr.categories.performance?.auditRefs ?? []).map((ref) => ref.id));
  const notes = Object.values(lhr.audits)
    .filter(
      (audit) =>
        perfAuditIds.has(audit.id) &&
        !NOT_AN_OPPORTUNITY.test(audit.id) &&
        audit.score !== null &&
        audit.score < 0.9,
    )
    .map((audit) => {
      const savings = audit.metricSavings ?? {};
      return { audit, ms: (savings.LCP ?? 0) + (savings.FCP ?? 0) + (savings.TBT ?? 0) };
    })
    .filter(({ ms }) => ms > 0)
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count)
    .map(
      ({ audit, ms }) =>
        `${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}: ~${Math.round(ms)} ms of FCP+LCP+TBT`,
    );
  // The LCP element audit's second table splits LCP into TTFB, load delay, load time and render delay.
  const lcpDetails = lhr.audits['largest-contentful-paint-element']?.details;
  const phases = lcpDetails?.type === 'list' ? lcpDetails.items[1] : undefined;
  if (phases?.type === 'table') {
    const largest = [...phases.items].sort((a, b) => Number(b.timing) - Number(a.timing))[0];
    if (largest)
      notes.push(
        `LCP is mostly ${String(largest.phase).toLowerCase()} (${Math.round(Number(largest.timing))} ms, ${String(largest.percent)})`,
      );
  }
  const bootup = lhr.audits['bootup-time']?.details;
  const busiest = bootup?.type === 'table' ? bootup.items[0] : undefined;
  if (busiest)
    notes.push(
      `most script time: ${String(busiest.url).replace(/^https?:\/\/[^/]+/, '')} (${Math.round(Number(busiest.total))} ms)`,
    );
  const shifts = lhr.audits['layout-shifts']?.details;
  const biggestShift = shifts?.type === 'table' ? shifts.items[0] : undefined;
  const shifted = biggestShift?.node;
  if (
    typeof biggestShift?.score === 'number' &&
    biggestShift.score >= 0.05 &&
    shifted &&
    typeof shifted === 'object' &&
    'snippet' in shifted
  ) {
    notes.push(
      `largest layout shift ${biggestShift.score.toFixed(3)}: ${String(shifted.snippet).slice(0, 80)}`,
    );
  }
  return notes;
}

/**
 * Gives the browser profile a fresh client session id (the cart is keyed by it, in localStorage,
 * which Lighthouse's storage reset leaves alone), signs a guest's route out, and puts what the route needs in it
 * (support/bench-session.ts). Returns the URL to measure.
 */
async function prepareBrowser(
  port: number,
  url: string,
  preparation: Preparation,
): Promise<string> {
  // Playwright only prepares and disconnects, so it is not attached while Lighthouse measures.
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0]!;
    // A guest's page is measured as a guest: the signed-in routes' session would otherwise carry
    // over (a signed-in shopper's checkout starts in the browser by design).
    if (preparation !== 'results') await context.clearCookies();
    const page = await context.newPage();
    const target = await prepareSession(page, url, preparation);
    await page.close();
    return target;
  } finally {
    await browser.close();
  }
}

async function measure(
  port: number,
  url: string,
  preparation: Preparation,
  cpuSlowdown = DEFAULT_CPU_SLOWDOWN,
): Promise<RunFigures> {
  // Lighthouse itself says to run again after a trace glitch (NO_NAVSTART and the like).
  for (let attempt = 1; ; attempt += 1) {
    const target = await prepareBrowser(port, url, preparation);
    const args = [
      LIGHTHOUSE_CLI,
      target,
      `--port=${port}`,
      '--only-categories=performance',
      `--throttling.cpuSlowdownMultiplier=${cpuSlowdown}`,
      '--output=json',
      '--output-path=stdout',
      '--quiet',
      '--no-enable-error-reporting',
    ];
    const result = await runCommand(process.execPath, args, process.env, __dirname);
    if (result.code === 0) return figuresOf(JSON.parse(result.out) as Result);
    const message = `Lighthouse failed on ${target} (exit ${result.code}): ${result.err.trim().slice(-2000)}`;
    if (attempt === MEASURE_ATTEMPTS) throw new Error(message);
    process.stderr.write(`  ${message}; trying again\n`);
  }
}

const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : 'n/a');
const kb = (bytes: number) => (Number.isFinite(bytes) ? `${(bytes / 1024).toFixed(1)} KB` : 'n/a');

function printTable(rows: string[][]): void {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const line = (row: string[]) =>
    row
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!),
      )
      .join('  ');
  console.log(line(rows[0]!));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows.slice(1)) console.log(line(row));
}

async function main() {
  let server: ShopServer | undefined;
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  const cleanUp = async () => {
    chrome?.kill();
    await server?.stop();
  };
  // Ctrl-C must not leave the shop server or Chromium behind.
  process.once('SIGINT', () => void cleanUp().finally(() => process.exit(130)));
  try {
    if (!options.url) server = await startShopServer({ label: 'shop-lighthouse' });
    const baseUrl = (options.url ?? server!.url).replace(/\/$/, '');
    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM_LAUNCH_OPTIONS.executablePath,
      chromeFlags: ['--headless=new', ...CHROMIUM_LAUNCH_OPTIONS.args],
    });
    // Warms the server (first responses of a fresh process are slower), outside any measurement.
    for (const route of routes) await fetch(baseUrl + route);

    const calibration = await measure(chrome.port, baseUrl + routes[0]!, preparationOf(routes[0]!));
    const benchmarkIndex = Math.round(calibration.lhr.environment.benchmarkIndex);
    const cpuSlowdown = cpuSlowdownFor(benchmarkIndex);
    console.error(
      `Lighthouse mobile performance on ${baseUrl}, ${runs} run(s) per route; host benchmarkIndex ${benchmarkIndex}, CPU slowdown ${cpuSlowdown}x`,
    );
    const rows = [['route', 'score', 'FCP', 'LCP', 'TBT', 'CLS', 'JS transfer', 'runs (scores)']];
    const notes: string[] = [];
    let environment = '';
    for (const route of routes) {
      const preparation = preparationOf(route);
      const results: RunFigures[] = [];
      const failures: string[] = [];
      for (let run = 0; run < runs; run += 1) {
        // A run Lighthouse cannot record is reported, not allowed to end the other routes' runs.
        try {
          results.push(await measure(chrome.port, baseUrl + route, preparation, cpuSlowdown));
          process.stderr.write(`  ${route} run ${run + 1}/${runs}: ${results.at(-1)!.score}\n`);
        } catch (error) {
          failures.push(error instanceof Error ? error.message : String(error));
          process.stderr.write(`  ${route} run ${run + 1}/${runs}: not recorded\n`);
        }
      }
      if (failures.length > 0)
        notes.push(`${route}: ${failures.length} of ${runs} run(s) not recorded: ${failures[0]!}`);
      if (results.length === 0) {
        rows.push([route, 'failed', '', '', '', '', '', '']);
        continue;
      }
      const indexes = results.map((r) => Math.round(r.lhr.environment.benchmarkIndex));
      environment = `Lighthouse ${results[0]!.lhr.lighthouseVersion}, host benchmarkIndex ${benchmarkIndex} before the runs (${Math.min(...indexes)}–${Math.max(...indexes)} during them), CPU slowdown ${cpuSlowdown}x`;
      const score = median(results.map((r) => r.score));
      rows.push([
        route +
          {
            none: '',
            cart: ' (1 kit in cart)',
            'two-kits': ' (2 kits in cart)',
            order: ' (an order just placed)',
            results: ' (signed in, 20 reports × 60 biomarkers)',
          }[preparation],
        String(score),
        ms(median(results.map((r) => r.fcp))),
        ms(median(results.map((r) => r.lcp))),
        ms(median(results.map((r) => r.tbt))),
        median(results.map((r) => r.cls)).toFixed(3),
        kb(median(results.map((r) => r.jsBytes))),
        results.map((r) => r.score).join('/') +
          (failures.length > 0 ? ` (${failures.length} failed)` : ''),
      ]);
      // The run whose score is the median one stands for the route in the notes and the saved report.
      const representative = [...results].sort((a, b) => a.score - b.score)[
        Math.floor((results.length - 1) / 2)
      ]!;
      if (score < GOAL)
        notes.push(`${route} (${score}): ${opportunities(representative.lhr).join('; ')}`);
      if (options.save) {
        await fs.mkdir(options.save, { recursive: true });
        const file = path.join(
          options.save,
          `${route.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-') || 'home'}.json`,
        );
        await fs.writeFile(file, JSON.stringify(representative.lhr, null, 2));
      }
    }
    console.log(
      `\nLighthouse mobile performance on ${baseUrl}: median of ${runs} run(s) per route (${environment})`,
    );
    printTable(rows);
    if (notes.length > 0) {
      console.log(
        `\nBelow ${GOAL} (the largest estimated savings Lighthouse reports) or not recorded:`,
      );
      for (const note of notes) console.log(`  ${note}`);
    }
  } finally {
    await cleanUp();
  }
}

void main();
