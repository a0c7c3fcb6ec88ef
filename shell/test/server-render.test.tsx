/**
 * @jest-environment node
 */
import type { AreaTable } from '@shop/shared/shell-contract/area-routes';
import { FIRST_VIEW_AREA_ATTRIBUTE } from '@shop/shared/ssr/server-render';
import { areaOf, renderFrame } from '../src/server/render-shell';

describe('shell server render', () => {
  it("knows a consumer page's area by the registry's prefixes, and leaves storefront and unknown pages to the browser", () => {
    const areas: AreaTable = [
      { area: 'catalog', prefixes: ['/', '/pricing'] },
      { area: 'checkout', prefixes: ['/checkout'] },
      { area: 'storefront', prefixes: ['/shop/:b2bKey'] },
    ];
    expect(areaOf('/', areas)).toEqual({ area: 'catalog', basename: '' });
    expect(areaOf('/pricing', areas)).toEqual({ area: 'catalog', basename: '' });
    expect(areaOf('/pricing/new-page', areas)).toEqual({ area: 'catalog', basename: '' });
    expect(areaOf('/checkout', areas)).toEqual({ area: 'checkout', basename: '' });
    expect(areaOf('/shop/acme-wellness/pricing', areas)).toBeNull();
    expect(areaOf('/no-such-page', areas)).toBeNull();
    expect(areaOf('/pricing', [])).toBeNull();
  });

  it('draws the header, main and footer around the area HTML as the browser first draws them: anonymous, empty cart', () => {
    const html = renderFrame({
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
});
