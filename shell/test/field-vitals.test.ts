// Field data: a sampled page load imports the web-vitals reporter only after its first paint and
// an idle moment, never on a results page, and sends only the route pattern, the area, a random
// visit id and each metric's name, value, rating and navigation type.
import type { LogWebVitalsBody } from '@shop/shared/contract/impact';
import {
  DEFAULT_VITALS_SAMPLE_RATE,
  startFieldVitals,
  vitalsSampleRate,
} from '../src/features/analytics/field-vitals';
import {
  sendWithKeepalive,
  startVitalsReporter,
  type VitalsReporterOptions,
} from '../src/features/analytics/vitals-reporter';
import { steppedWindow } from './support/stepped-window';

/** The shell's navigation store, reduced to what field data reads. */
function fakeLocation(start: string) {
  let pathname = start;
  const listeners = new Set<() => void>();
  return {
    getLocation: () => ({ pathname }),
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    go(next: string) {
      pathname = next;
      listeners.forEach((listener) => listener());
    },
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function setUp(path: string, { random = 0.05, sampleRate = 0.1 } = {}) {
  const stepped = steppedWindow();
  const location = fakeLocation(path);
  const stop = jest.fn();
  const started: VitalsReporterOptions[] = [];
  const loadReporter = jest.fn(async () => ({
    startVitalsReporter: (options: VitalsReporterOptions) => {
      started.push(options);
      return { stop };
    },
  }));
  const running = startFieldVitals({
    win: stepped.win,
    sampleRate,
    location,
    areaOf: async (pathname) => (pathname.startsWith('/shop/') ? 'storefront' : 'catalog'),
    apiBaseUrl: '',
    token: 'pv-token',
    random: () => random,
    loadReporter,
  });
  return { ...stepped, location, loadReporter, started, stop, running };
}

describe('starting field data', () => {
  it('imports the reporter only once the page has painted and the browser is idle', async () => {
    const page = setUp('/shop/acme-wellness/pricing?email=ada@example.com');
    await flush();
    expect(page.loadReporter).not.toHaveBeenCalled();
    page.paint();
    await flush();
    expect(page.loadReporter).not.toHaveBeenCalled();
    page.idle();
    await page.running;
    expect(page.loadReporter).toHaveBeenCalledTimes(1);
    // The landing page's pattern and area, never its address.
    expect(page.started).toEqual([
      { route: '/shop/:b2bKey/pricing', area: 'storefront', apiBaseUrl: '', token: 'pv-token' },
    ]);
  });

  it.each([
    [0.5, 0.1, false],
    [0.1, 0.1, false],
    [0.099, 0.1, true],
    [0.999, 1, true],
    [0, 0, false],
  ])('a draw of %p with a rate of %p measures the load: %p', async (random, rate, measured) => {
    const page = setUp('/pricing', { random, sampleRate: rate });
    page.paint();
    page.idle();
    await page.running;
    expect(page.loadReporter).toHaveBeenCalledTimes(measured ? 1 : 0);
  });

  it('reads the rate from the runtime config, a share between 0 and 1 or the default', () => {
    expect(DEFAULT_VITALS_SAMPLE_RATE).toBe(0.1);
    expect(vitalsSampleRate(1)).toBe(1);
    expect(vitalsSampleRate(0)).toBe(0);
    for (const odd of [undefined, '1', 2, -0.5, Number.NaN])
      expect(vitalsSampleRate(odd)).toBe(DEFAULT_VITALS_SAMPLE_RATE);
  });

  it.each(['/account/results', '/account/results/r-42', '/shop/acme/account/%72esults'])(
    'loads nothing on a load that lands on the results page %s',
    async (path) => {
      const page = setUp(path);
      page.paint();
      page.idle();
      expect(await page.running).toBeNull();
      expect(page.loadReporter).not.toHaveBeenCalled();
    },
  );

  it('stops the reporter, and sends nothing more, once the visitor opens a results page', async () => {
    const page = setUp('/pricing');
    page.paint();
    page.idle();
    await page.running;
    page.location.go('/account');
    expect(page.stop).not.toHaveBeenCalled();
    page.location.go('/account/results/r-42');
    expect(page.stop).toHaveBeenCalledTimes(1);
  });

  it('never starts when the visitor reaches a results page before the idle moment', async () => {
    const page = setUp('/pricing');
    page.location.go('/account/results');
    page.paint();
    page.idle();
    expect(await page.running).toBeNull();
    expect(page.loadReporter).not.toHaveBeenCalled();
  });

  it('gives up quietly when the chunk cannot be loaded', async () => {
    const stepped = steppedWindow();
    const running = startFieldVitals({
      win: stepped.win,
      sampleRate: 1,
      location: fakeLocation('/pricing'),
      areaOf: async () => 'catalog',
      apiBaseUrl: '',
      token: 't',
      loadReporter: () => Promise.reject(new Error('ChunkLoadError')),
    });
    stepped.paint();
    stepped.idle();
    await expect(running).resolves.toBeNull();
  });

  it('measures no operator page and no page without an area', async () => {
    const stepped = steppedWindow();
    const loadReporter = jest.fn();
    const running = startFieldVitals({
      win: stepped.win,
      sampleRate: 1,
      location: fakeLocation('/ops/releases'),
      areaOf: async () => 'ops',
      apiBaseUrl: '',
      token: 't',
      loadReporter,
    });
    stepped.paint();
    stepped.idle();
    expect(await running).toBeNull();
    expect(loadReporter).not.toHaveBeenCalled();
  });
});

type Listener = (metric: Record<string, unknown>) => void;

function reporterWith(options: Partial<VitalsReporterOptions> = {}) {
  const listeners: Record<string, Listener> = {};
  const subscribe = (name: string) => (listener: Listener) => {
    listeners[name] = listener;
  };
  const sent: LogWebVitalsBody[] = [];
  const reporter = startVitalsReporter({
    route: '/shop/:b2bKey/pricing',
    area: 'storefront',
    apiBaseUrl: '',
    token: 'pv-token',
    vitals: {
      onLCP: subscribe('LCP'),
      onINP: subscribe('INP'),
      onCLS: subscribe('CLS'),
    } as unknown as VitalsReporterOptions['vitals'],
    send: (body) => sent.push(body),
    randomId: () => '3b0c1d7e-59f4-4c57-9d0e-8f7a4b6c2e10',
    ...options,
  });
  const report = (name: string, value: number, extra: Record<string, unknown> = {}) =>
    listeners[name]!({
      name,
      value,
      id: `v5-${name}`,
      rating: 'good',
      delta: value,
      navigationType: 'navigate',
      entries: [{ element: 'img#hero', url: 'https://shop.test/account?email=ada@example.com' }],
      ...extra,
    });
  return { reporter, report, sent };
}

function hide(state: 'hidden' | 'visible' = 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

afterEach(() => hide('visible'));

describe('the reporter', () => {
  it('sends the metrics once the page is hidden, with nothing that names the visitor', () => {
    const { reporter, report, sent } = reporterWith();
    report('LCP', 1830.2);
    report('CLS', 0.04);
    report('INP', 240, { rating: 'needs-improvement' });
    expect(sent).toEqual([]);
    hide();
    expect(sent).toEqual([
      {
        visitId: '3b0c1d7e-59f4-4c57-9d0e-8f7a4b6c2e10',
        route: '/shop/:b2bKey/pricing',
        area: 'storefront',
        metrics: [
          { name: 'LCP', value: 1830.2, rating: 'good', navigationType: 'navigate' },
          { name: 'CLS', value: 0.04, rating: 'good', navigationType: 'navigate' },
          { name: 'INP', value: 240, rating: 'needs-improvement', navigationType: 'navigate' },
        ],
      },
    ]);
    // The entries web-vitals hands over (elements, URLs) never leave the page.
    expect(JSON.stringify(sent)).not.toMatch(/email|img#hero|shop\.test|v5-/);
    // Hidden again with nothing new: nothing more.
    hide();
    expect(sent).toHaveLength(1);
    reporter.stop();
  });

  it('sends a value reported again after a back/forward restore on the next hide, as its last value', () => {
    const { reporter, report, sent } = reporterWith();
    report('CLS', 0.01);
    report('CLS', 0.12, { rating: 'needs-improvement' });
    hide();
    expect(sent[0]?.metrics).toEqual([
      { name: 'CLS', value: 0.12, rating: 'needs-improvement', navigationType: 'navigate' },
    ]);
    reporter.stop();
  });

  it("sends on hiding, after web-vitals' own hidden listeners settled the last values; not on pagehide", () => {
    const { reporter, report, sent } = reporterWith();
    const finalLcp = () => report('LCP', 2600);
    // web-vitals listens on the window in the capture phase.
    window.addEventListener('visibilitychange', finalLcp, { capture: true });
    try {
      report('CLS', 0);
      window.dispatchEvent(new Event('pagehide'));
      expect(sent).toEqual([]);
      hide();
      expect(sent[0]?.metrics.map((metric) => metric.name)).toEqual(['CLS', 'LCP']);
    } finally {
      window.removeEventListener('visibilitychange', finalLcp, { capture: true });
      reporter.stop();
    }
  });

  it('drops values no real page load has, and everything once stopped', () => {
    const { reporter, report, sent } = reporterWith();
    report('LCP', 500_000);
    report('INP', -1);
    hide();
    expect(sent).toEqual([]);
    report('LCP', 900);
    reporter.stop();
    hide();
    report('CLS', 0.2);
    hide();
    expect(sent).toEqual([]);
  });

  it('posts with keepalive, the page-view token and no cookies', async () => {
    const fetchMock = jest.fn(async () => new Response('{"ok":true}'));
    const realFetch = global.fetch;
    global.fetch = fetchMock as unknown as typeof fetch;
    try {
      sendWithKeepalive(
        '/impact/log-web-vitals',
        'pv-token',
      )({
        visitId: '3b0c1d7e-59f4-4c57-9d0e-8f7a4b6c2e10',
        route: '/pricing',
        area: 'catalog',
        metrics: [{ name: 'LCP', value: 1000, rating: 'good', navigationType: 'navigate' }],
      });
    } finally {
      global.fetch = realFetch;
    }
    expect(fetchMock).toHaveBeenCalledWith('/impact/log-web-vitals', {
      method: 'POST',
      keepalive: true,
      credentials: 'omit',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer pv-token' },
      body: expect.stringContaining('"route":"/pricing"'),
    });
  });
});
