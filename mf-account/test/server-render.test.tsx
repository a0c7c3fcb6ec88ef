/**
 * @jest-environment node
 */
// The account's server render runs in Node, in the site server: no window, no document.
import { API_PATHS } from '@shop/shared/contract/paths';
import { RESULTS_QUERY_KEY } from '@shop/shared/contract/results';
import type { AreaRenderRequest } from '@shop/shared/ssr/server-render';
import { renderArea } from '../src/server/render-account';
import { cardList, subscription, visa } from './support/account-fixtures';
import { guide, pendingCsv, resultsPage } from './support/results-fixtures';

const SIGNED_IN = {
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  shopifyID: null,
  createdAt: '2026-01-02T03:04:05.000Z',
};

const ADDRESS = {
  name: 'Ada Lovelace',
  line1: '12 Analytical Row',
  line2: null,
  city: 'Austin',
  state: 'TX',
  postal_code: '78701',
  country: 'US',
};

/** The account page's reads, as the signed-in visitor's session answers them. */
const ACCOUNT_ANSWERS: Record<string, unknown> = {
  [API_PATHS.paymentMethods]: cardList([visa], ADDRESS),
  [API_PATHS.accountSubscriptions]: { subscriptions: [subscription()] },
  [`${API_PATHS.kitsHasScheduled}?ids=bloodwise_monthly`]: {
    hasScheduled: { bloodwise_monthly: true },
  },
  [API_PATHS.resultUploads]: { uploads: [pendingCsv] },
};

/** A request as the site makes it; `visitor` is what the visitor's session reads as (null: anonymous). */
function request(
  pathname: string,
  { search = '', visitor = null as number | object | null } = {},
): AreaRenderRequest & { personal: string[]; shared: string[] } {
  const personal: string[] = [];
  const shared: string[] = [];
  return {
    pathname,
    search,
    basename: '',
    personal,
    shared,
    fetchJson: async (path) => {
      shared.push(path);
      throw new Error(`GET ${path} answered 404`);
    },
    fetchPersonalJson: async (path) => {
      personal.push(path);
      if (typeof visitor === 'number') throw new Error(`GET ${path} answered ${visitor}`);
      if (path === API_PATHS.cmsInfo) return visitor;
      // Results are the signed-in visitor's; anonymous is the API's 401.
      if (path === API_PATHS.results) {
        if (!visitor) throw new Error(`GET ${path} answered 401`);
        return resultsPage;
      }
      if (path === API_PATHS.biomarkerGuide) return guide;
      if (path in ACCOUNT_ANSWERS) {
        if (!visitor) throw new Error(`GET ${path} answered 401`);
        return ACCOUNT_ANSWERS[path];
      }
      throw new Error(`GET ${path} answered 404`);
    },
  };
}

describe('account server render', () => {
  it('draws the log-in form with its antd styles in <head>, to be taken over on interaction', async () => {
    const req = request('/login');
    const result = await renderArea(req);
    expect(result).not.toBeNull();
    const { html, head, queries, takeover } = result!;
    expect(takeover).toBe('on-interaction');
    expect(html).toContain('<h1');
    expect(html).toContain('Log in</h1>');
    // The fields the live form has, by the same ids, so what is typed early is carried over.
    expect(html).toMatch(
      /<input[^>]*id="username"[^>]*type="email"|<input[^>]*type="email"[^>]*id="username"/,
    );
    expect(html).toMatch(
      /<input[^>]*id="password"[^>]*type="password"|<input[^>]*type="password"[^>]*id="password"/,
    );
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>.*Log in/);
    // A press before the shell's script runs posts (the password stays out of the URL).
    expect(html).toMatch(/<form[^>]*method="post"/);
    expect(html).toMatch(/href="\/reset-password"/);
    expect(html).not.toContain('You are logged in');
    // antd's CSS-in-JS, made while rendering, and the area's own styles.
    expect(head).toContain('.ant-btn');
    expect(head).toContain('.ant-input');
    expect(head).toMatch(/acc-card/);
    expect(html).not.toMatch(/^<style/);
    expect(queries).toEqual([]);
    // Drawn as the visitor: their session decides the "logged in" line.
    expect(req.personal).toEqual([API_PATHS.cmsInfo]);
  });

  it('tells a signed-in visitor they are logged in, as the live page does', async () => {
    const { html } = (await renderArea(request('/login', { visitor: SIGNED_IN })))!;
    expect(html).toContain('You are logged in as <strong>ada@example.com</strong>');
  });

  it('fails rather than draw a wrong page when the visitor cannot be read', async () => {
    await expect(renderArea(request('/login', { visitor: 500 }))).rejects.toThrow(/answered 500/);
  });

  it.each([
    ['/signup', 'Create your account'],
    ['/reset-password', 'Reset your password'],
  ])(
    'draws %s for everyone (nothing personal read), taken over on interaction',
    async (pathname, title) => {
      const req = request(pathname);
      const result = await renderArea(req);
      expect(result?.html).toContain(title);
      expect(result?.takeover).toBe('on-interaction');
      expect(result?.head).toContain('.ant-');
      expect(req.personal).toEqual([]);
      expect(req.shared).toEqual([]);
    },
  );

  it("draws a signed-in customer's results as them: every card with its flag, chart and table", async () => {
    const req = request('/account/results', { visitor: SIGNED_IN });
    const result = await renderArea(req);
    expect(result).not.toBeNull();
    const { html, queries, takeover } = result!;
    expect(takeover).toBe('on-interaction');
    expect(html).toContain('Your results</h1>');
    expect(html).toContain(guide.disclaimer);
    for (const name of ['LDL cholesterol', 'Glucose (fasting)', 'HbA1c', 'Lipoprotein X'])
      expect(html).toContain(`${name}</h3>`);
    // The flag in words, the critical value's advice, the trend's chart and its table of readings.
    expect(html).toMatch(/Critically high/i);
    expect(html).toContain('contact a doctor about it today');
    expect(html).toMatch(/data-chart="ldl-cholesterol"><svg[^>]*viewBox="0 0 320 180"/);
    expect(html).toContain('<table');
    expect(html).toContain('420 mg/dL');
    // Read as the visitor (never shared); the readings are in the page once, not again as data.
    expect(req.personal.sort()).toEqual([API_PATHS.biomarkerGuide, API_PATHS.results].sort());
    expect(req.shared).toEqual([]);
    const keys = queries.map((query) => JSON.stringify(query.queryKey));
    expect(keys).not.toContain(JSON.stringify(RESULTS_QUERY_KEY));
    expect(JSON.stringify(queries)).not.toContain('4.19 mmol/L');
  });

  it('leaves the results page to the browser for a signed-out visitor, and fails on an error', async () => {
    expect(await renderArea(request('/account/results'))).toBeNull();
    await expect(renderArea(request('/account/results', { visitor: 500 }))).rejects.toMatchObject({
      message: expect.stringMatching(/answered 500/),
    });
  });

  it("draws a signed-in customer's account as them: every panel with their data, no placeholder", async () => {
    const req = request('/account', { visitor: SIGNED_IN });
    const result = await renderArea(req);
    expect(result).not.toBeNull();
    const { html, head, queries, takeover } = result!;
    expect(takeover).toBe('on-interaction');
    expect(html).toContain('Your account</h1>');
    expect(html).toContain('Logged in as <strong>ada@example.com</strong>');
    expect(html).toContain('Bloodwise Monthly');
    expect(html).toContain('Next kit scheduled');
    expect(html).toContain('Visa ending in 4242');
    expect(html).toContain('12 Analytical Row');
    expect(html).toContain('portal-export.csv');
    // The panels' buttons are there to press (the press is replayed on the live page).
    expect(html).toMatch(/<button[^>]*>.*Edit address/);
    expect(html).toMatch(/<button[^>]*>.*Add a card/);
    expect(html).not.toContain('ant-skeleton');
    expect(html).not.toContain('aria-busy="true"');
    expect(head).toContain('.ant-btn');
    expect(head).toMatch(/acc-grid/);
    // Every read is the visitor's, and the live page starts from the same data.
    expect(req.personal.sort()).toEqual(Object.keys(ACCOUNT_ANSWERS).sort());
    expect(req.shared).toEqual([]);
    expect(queries.map((query) => JSON.stringify(query.queryKey))).toHaveLength(4);
  });

  it('leaves /account to the browser for a signed-out visitor (it sends them to log in), and fails on an error', async () => {
    expect(await renderArea(request('/account'))).toBeNull();
    expect(await renderArea({ ...request('/account'), fetchPersonalJson: undefined })).toBeNull();
    await expect(renderArea(request('/account', { visitor: 500 }))).rejects.toMatchObject({
      message: expect.stringMatching(/answered 500/),
    });
  });

  it("leaves the other account pages, a reset link's page and other areas' basenames to the browser", async () => {
    expect(await renderArea(request('/account/address', { visitor: SIGNED_IN }))).toBeNull();
    // The lab results' arrival focuses its panel and opens the file chooser: the browser's.
    expect(await renderArea(request('/account/uploads', { visitor: SIGNED_IN }))).toBeNull();
    expect(await renderArea(request('/signup/confirm', { search: '?token=x' }))).toBeNull();
    expect(await renderArea(request('/reset-password', { search: '?linkId=abc' }))).toBeNull();
    expect(await renderArea({ ...request('/login'), basename: '/shop/acme' })).toBeNull();
  });
});
