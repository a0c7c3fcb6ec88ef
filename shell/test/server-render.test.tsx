/**
 * @jest-environment node
 */
import type { AreaTable } from '@shop/shared/shell-contract/area-routes';
import { FIRST_VIEW_AREA_ATTRIBUTE } from '@shop/shared/ssr/server-render';
import { areaOf, renderFrame } from '../src/server/render-shell';

describe('shell server render', () => {
  it("knows a page's area by the registry's prefixes, a storefront page's partner, and leaves unknown pages to the browser", () => {
    const areas: AreaTable = [
      { area: 'catalog', prefixes: ['/', '/pricing'] },
      { area: 'checkout', prefixes: ['/checkout'] },
      { area: 'storefront', prefixes: ['/shop/:b2bKey'] },
    ];
    const consumer = { basename: '', b2bKey: null };
    expect(areaOf('/', areas)).toEqual({ area: 'catalog', ...consumer });
    expect(areaOf('/pricing', areas)).toEqual({ area: 'catalog', ...consumer });
    expect(areaOf('/pricing/new-page', areas)).toEqual({ area: 'catalog', ...consumer });
    expect(areaOf('/checkout', areas)).toEqual({ area: 'checkout', ...consumer });
    expect(areaOf('/shop/acme-wellness/pricing', areas)).toEqual({
      area: 'storefront',
      basename: '/shop/acme-wellness',
      b2bKey: 'acme-wellness',
    });
    expect(areaOf('/no-such-page', areas)).toBeNull();
    expect(areaOf('/pricing', [])).toBeNull();
  });

  it('draws the header, main and footer around the area HTML as the browser first draws them: anonymous, empty cart', async () => {
    const html = await renderFrame({
      pathname: '/pricing',
      area: 'catalog',
      areaHtml: '<h1>Pricing from the area</h1>',
    });
    expect(html).toContain('<a class="skip-link" href="#main">Skip to main content</a>');
    expect(html).toMatch(/<main id="main" tabindex="-1" class="shell-main">/);
    expect(html).toContain(
      `class="area-root" data-area="catalog" ${FIRST_VIEW_AREA_ATTRIBUTE}="catalog"><h1>Pricing from the area</h1></div>`,
    );
    // The current page's navigation link is marked, as react-router marks it in the browser.
    expect(html).toMatch(
      /<a aria-current="page" class="active" href="\/pricing"[^>]*>Tests &amp; pricing<\/a>/,
    );
    expect(html).toContain('(empty)');
    expect(html).toContain('header-account-placeholder');
    expect(html).toContain('class="site-footer"');
  });

  it("draws a storefront's frame in the partner's look, from the partner's customization, with hostile values made harmless", async () => {
    const fetched: string[] = [];
    const html = await renderFrame({
      pathname: '/shop/acme/pricing',
      area: 'storefront',
      areaHtml: '<h1>Offers</h1>',
      basename: '/shop/acme',
      b2bKey: 'acme',
      fetchJson: async (path) => {
        fetched.push(path);
        return {
          businessName: '<script>alert(1)</script>Acme',
          logo: 'javascript:alert(2)',
          logoLink: 'javascript:alert(3)',
          primaryColor: '#6b3fa0',
          barColor: 'red;background:url(x)',
          footerColor: '#2e1a47',
          companyDescription: 'Acme <b>Inc</b>',
          facebookLink: 'https://facebook.com/acme',
          twitterLink: 'javascript:alert(4)',
        };
      },
    });
    expect(fetched).toEqual(['/api/v1/customization/acme?excludeProducts=true']);
    expect(html).toContain('class="shell shell--storefront"');
    expect(html).toContain('--brand:#6b3fa0');
    expect(html).toContain('--footer:#2e1a47');
    // Not a hex colour: the bar keeps the default.
    expect(html).not.toContain('url(x)');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;Acme');
    expect(html).not.toMatch(/<script|javascript:/);
    // The partner's navigation, footer and links stay inside the storefront.
    expect(html).toMatch(
      /<a aria-current="page" class="active" href="\/shop\/acme\/pricing"[^>]*>Pricing<\/a>/,
    );
    expect(html).toContain('href="https://facebook.com/acme"');
    expect(html).toContain('Acme &lt;b&gt;Inc&lt;/b&gt;');
    expect(html).toContain('<h1>Offers</h1>');
  });
});
