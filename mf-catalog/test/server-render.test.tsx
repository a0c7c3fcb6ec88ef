/**
 * @jest-environment node
 */
// The catalog's server render runs in Node, in the site server: no window, no document.
import { API_PATHS } from '@shop/shared/contract/paths';
import {
  FIRST_VIEW_WHEN_NEAR_ATTRIBUTE,
  type AreaRenderRequest,
} from '@shop/shared/ssr/server-render';
import { CATALOG_OFFERS_QUERY_KEY } from '../src/features/catalog-data/api/catalog-offers';
import { CATALOG_CONTENT_QUERY_KEY } from '../src/features/catalog-data/api/catalog-content';
import { renderArea, SERVER_RENDERED_PATHS } from '../src/server/render-catalog';
import { CONTENT, OFFERS, PRICES } from './support/catalog-fixtures';

const API: Record<string, unknown> = {
  [API_PATHS.catalogOffers]: { offers: OFFERS },
  [API_PATHS.catalogPrices]: { prices: PRICES },
  [API_PATHS.catalogContent]: CONTENT,
};

function request(
  pathname: string,
  api: Record<string, unknown> = API,
): AreaRenderRequest & { fetched: string[] } {
  const fetched: string[] = [];
  return {
    pathname,
    search: '',
    basename: '',
    fetched,
    fetchJson: async (path) => {
      fetched.push(path);
      if (!(path in api)) throw new Error(`GET ${path} answered 404`);
      return api[path];
    },
  };
}

describe('catalog server render', () => {
  it('renders the main page from the seeded copy and prices, with the queries for the browser to start from', async () => {
    const result = await renderArea(request('/'));
    expect(result).not.toBeNull();
    const { html, head, queries } = result!;
    expect(html).toContain('Know your numbers at home');
    expect(html).toContain('How it works');
    // Links point where the browser's router would take them.
    expect(html).toMatch(/<a [^>]*href="\/pricing"[^>]*>See tests and pricing/);
    expect(html).not.toMatch(/^<style/);
    // The tab's title the live page sets, then the area's styles, which React in the browser adopts.
    expect(head).toMatch(
      /^<title>At-home blood tests \| Bloodwise<\/title><style[^>]*data-href="[^"]*mf-catalog-styles/,
    );
    expect(queries.map((query) => query.queryKey)).toEqual(
      expect.arrayContaining([[...CATALOG_CONTENT_QUERY_KEY], [...CATALOG_OFFERS_QUERY_KEY]]),
    );
    const offers = queries.find((query) => query.queryKey[1] === CATALOG_OFFERS_QUERY_KEY[1])!
      .data as { key: string; unitAmount: number }[];
    expect(offers.find((offer) => offer.key === 'kit')?.unitAmount).toBe(14_900);
  });

  it('renders the pricing table with the server-merged prices', async () => {
    const { html } = (await renderArea(request('/pricing')))!;
    // Quarterly is the preselected interval, as in the browser.
    expect(html).toMatch(
      /<input type="radio" name="pricing-billing" checked="" value="quarterly"\/>/,
    );
    expect(html).toContain('Quarterly Plan');
    expect(html).toContain('$129.50');
    expect(html).toContain('per 3 months');
  });

  it("renders the quiz's first question with antd's styles in <head>, live at the first interaction", async () => {
    expect(SERVER_RENDERED_PATHS.has('/quiz/which-test-is-right-for-me')).toBe(true);
    const result = (await renderArea(request('/quiz/which-test-is-right-for-me')))!;
    expect(result).not.toBeNull();
    const { html, head, takeover } = result;
    expect(html).toContain('<h1>Which test is right for me?</h1>');
    expect(html).toContain('Question 1 of 3');
    expect(html).toContain('What sex were you assigned at birth?');
    expect(html).toMatch(/<input type="radio" name="sex" value="female"\/>Female/);
    // "Next" can be pressed on the server's page (a disabled button would drop the press).
    expect(html).toMatch(
      /<button type="submit" class="[^"]*ant-btn-primary[^"]*"><span>Next<\/span>/,
    );
    // The buttons' antd styles are in <head>, so nothing changes as the live quiz takes over.
    expect(head).toMatch(/<style[^>]*>[^<]*\.ant-btn/);
    expect(head).toContain('<title>Which test is right for me? | Bloodwise</title>');
    expect(takeover).toBe('on-interaction');
  });

  it('lets every page wait for the visitor, with the title and page-open events the live page would give', async () => {
    for (const path of SERVER_RENDERED_PATHS) {
      const result = (await renderArea(request(path)))!;
      expect({ path, takeover: result.takeover }).toEqual({ path, takeover: 'on-interaction' });
      expect(result.head).toMatch(/^<title>[^<]+ \| Bloodwise<\/title>/);
    }
    expect((await renderArea(request('/programs')))!.head).toMatch(
      /^<title>Programs \| Bloodwise<\/title>/,
    );
    // A product page tells analytics which offer it shows as it opens; the pricing table does not.
    expect((await renderArea(request('/products')))!.openEvents).toEqual([
      {
        event: 'view_item',
        params: {
          ecommerce: expect.objectContaining({
            items: [expect.objectContaining({ item_id: 'kit_once', item_name: 'Complete Panel' })],
          }),
        },
      },
    ]);
    expect((await renderArea(request('/pricing')))!.openEvents).toBeUndefined();
  });

  it('marks a below-the-fold form the live page fills, so scrolling it near starts the page', async () => {
    const { html } = (await renderArea(request('/programs')))!;
    expect(html).toMatch(
      new RegExp(`<div class="cat-block-skeleton"[^>]*${FIRST_VIEW_WHEN_NEAR_ATTRIBUTE}=""`),
    );
    expect(html).not.toContain('Join the waitlist');
  });

  it('renders none of unknown paths or storefront routes', async () => {
    expect(await renderArea(request('/nothing-here'))).toBeNull();
    expect(
      await renderArea({ ...request('/pricing'), basename: '/shop/acme-wellness' }),
    ).toBeNull();
  });

  it('fails rather than render an error page when the data cannot be read', async () => {
    const { [API_PATHS.catalogPrices]: _prices, ...withoutPrices } = API;
    await expect(renderArea(request('/pricing', withoutPrices))).rejects.toThrow(/404/);
  });

  it('escapes hostile copy: text from the database never becomes markup', async () => {
    const hostile = structuredClone(CONTENT);
    hostile.mainPage.hero.title = '<img src=x onerror="alert(1)"><script>alert(2)</script>';
    const { html } = (await renderArea(
      request('/', { ...API, [API_PATHS.catalogContent]: hostile }),
    ))!;
    expect(html).not.toContain('<script>alert(2)');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;script&gt;alert(2)&lt;/script&gt;');
  });

  it("renders a partner's main page for the storefront that nests it, from the props it handed over and the copy", async () => {
    const partner = {
      businessName: 'Acme Wellness',
      colors: {
        primary: '#6b3fa0',
        section1: null,
        section2: null,
        banner: null,
        bannerBackground: null,
        footer: null,
      },
      hero: { title: '<script>alert(1)</script>Acme', description: null, image: null },
      banner: { content: 'Members save.' },
      stepImages: [null, null, null],
      showBiomarkers: false,
      boxLogo: null,
      about: { title: null, description: null, image: null, points: [] },
      footer: {
        companyDescription: null,
        socialLinks: { facebook: null, instagram: null, twitter: null, youtube: null },
      },
    };
    const nested = {
      ...request('/shop/acme-wellness'),
      basename: '/shop/acme-wellness',
      areaProps: { partnerMainPage: partner },
    };
    const { html, queries } = (await renderArea(nested))!;
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;Acme');
    expect(html).not.toContain('<script>');
    expect(html).toContain('Members save.');
    // The copy is in the first view: nothing arrives later to move the banner.
    expect(html).not.toContain('mp-hero-media-pending');
    expect(html).toContain('How it works');
    // Its links stay inside the storefront.
    expect(html).toMatch(/href="\/shop\/acme-wellness\/pricing"/);
    expect(nested.fetched).toEqual([API_PATHS.catalogContent]);
    expect(queries.map((query) => query.queryKey)).toEqual([[...CATALOG_CONTENT_QUERY_KEY]]);
  });

  it("refuses a partner's props that break the contract: no first view of the error", async () => {
    const nested = {
      ...request('/shop/acme-wellness'),
      basename: '/shop/acme-wellness',
      areaProps: { partnerMainPage: { businessName: 'Acme' } },
    };
    const result = await renderArea(nested);
    expect(result?.html ?? '').toContain('This page cannot be shown');
  });
});
