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
    // Its "Log in" is a plain link, shown by the first script for a visitor last seen signed out.
    expect(html).toMatch(
      /<a class="header-login header-login--pending" href="\/login"[^>]*>Log in<\/a>/,
    );
    expect(html).toContain('class="site-footer"');
  });

  it('draws the frame as its visitor when the page is drawn as them: their account menu and cart count, with the data for the first render', async () => {
    const asked: string[] = [];
    const result = await renderFrame({
      pathname: '/checkout',
      area: 'checkout',
      areaHtml: '<h1>Checkout</h1>',
      fetchPersonalJson: async (path) => {
        asked.push(path);
        if (path.startsWith('/user/cms-info'))
          return { user: { email: 'ada@example.com', name: 'Ada<b>x</b> Lovelace' } };
        return {
          cart: { items: [{ lookupKey: 'kit', quantity: 3 }], updatedAt: '2026-11-27' },
          quote: null,
        };
      },
    });
    if (typeof result === 'string') throw new Error('a personal frame answers with its data');
    expect(asked).toEqual([
      '/user/cms-info?includeSubscriptionInfo=true&includeBalance=true',
      '/api/v1/cart/priced',
    ]);
    expect(result.frame).toBe('visitor');
    expect(result.html).toContain('Ada&lt;b&gt;x&lt;/b&gt;');
    expect(result.html).not.toContain('header-account-placeholder');
    expect(result.html).toMatch(/data-testid="cart-count">3</);
    expect(result.queries.map((query) => query.queryKey)).toEqual([
      ['user', 'cms-info', { includeBalance: true }],
      ['cart', 'ada@example.com'],
    ]);
  });

  it("reads the cart on a partner's page as its business checkout prices it (its own prices may be in it)", async () => {
    const asked: string[] = [];
    const result = await renderFrame({
      pathname: '/shop/acme/shopping-cart',
      area: 'storefront',
      areaHtml: '<h1>Your cart</h1>',
      basename: '/shop/acme',
      b2bKey: 'acme',
      fetchJson: async () => ({ businessName: 'Acme', primaryColor: '#6b3fa0' }),
      fetchPersonalJson: async (path) => {
        asked.push(path);
        if (path.startsWith('/user/cms-info')) return null;
        return { cart: { items: [{ lookupKey: 'acme_kit', quantity: 2 }], updatedAt: null } };
      },
    });
    if (typeof result === 'string') throw new Error('a personal frame answers with its data');
    expect(asked[1]).toBe('/api/v1/cart/priced?businessKey=acme');
    expect(result.frame).toBe('visitor');
    expect(result.html).toMatch(/data-testid="cart-count">2</);
  });

  it('draws a signed-out visitor with the log-in link, and fails when a personal read fails', async () => {
    const signedOut = await renderFrame({
      pathname: '/login',
      area: 'account',
      areaHtml: '<h1>Log in</h1>',
      fetchPersonalJson: async (path) => {
        if (path.startsWith('/user/cms-info')) throw new Error('GET /user/cms-info answered 401');
        return { cart: { items: [], updatedAt: null }, quote: null };
      },
    });
    if (typeof signedOut === 'string') throw new Error('a personal frame answers with its data');
    expect(signedOut.html).toMatch(/<a [^>]*class="header-login[^"]*" href="\/login"/);
    expect(signedOut.html).toContain('(empty)');
    await expect(
      renderFrame({
        pathname: '/login',
        area: 'account',
        areaHtml: '',
        fetchPersonalJson: async () => {
          throw new Error('GET /user/cms-info answered 500');
        },
      }),
    ).rejects.toThrow('500');
  });

  it("draws a storefront's frame in the partner's look, from the partner's customization, with hostile values made harmless", async () => {
    const fetched: string[] = [];
    const result = await renderFrame({
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
    if (typeof result === 'string') throw new Error("a partner's frame answers with its head");
    const { html } = result;
    expect(result.frame).toBe('anonymous');
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

  it("draws a partner's icon and meta tags for the page's head, escaped, and only from safe icon sources", async () => {
    const frameFor = async (customization: Record<string, unknown>) => {
      const result = await renderFrame({
        pathname: '/shop/acme',
        area: 'storefront',
        areaHtml: '<h1>Acme</h1>',
        basename: '/shop/acme',
        b2bKey: 'acme',
        fetchJson: async () => customization,
      });
      if (typeof result === 'string') throw new Error("a partner's frame answers with its head");
      return result.partnerHead;
    };
    const head = await frameFor({
      businessName: 'Acme',
      favicon: 'https://cdn.example/acme.png?a=1&b="2"',
      metaTags: [
        { name: 'description', content: '"><script>alert(1)</script> Tests from Bloodwise' },
        { name: 'http-equiv', content: 'refresh' },
        { name: 'og:image', content: 'javascript:alert(2)' },
        { name: 'theme-color', content: "#123' onload='x" },
      ],
    });
    expect(head).toBe(
      '<link rel="icon" href="https://cdn.example/acme.png?a=1&amp;b=&quot;2&quot;" data-partner-head="">' +
        '<meta name="description" content="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; Tests from Acme" data-partner-head="">' +
        '<meta name="theme-color" content="#123&#39; onload=&#39;x" data-partner-head="">',
    );
    // An icon the shell would not set at run time (a script URL, an HTML data URL, another
    // scheme-relative origin) is not drawn, and neither is the shop's: the page has no icon.
    const noIcon = '<link rel="icon" href="data:," data-partner-head="">';
    expect(await frameFor({ favicon: 'javascript:alert(3)' })).toBe(noIcon);
    expect(await frameFor({ favicon: 'data:text/html;base64,PHNjcmlwdD4=' })).toBe(noIcon);
    expect(await frameFor({ favicon: '//evil.example/x.ico' })).toBe(noIcon);
  });
});
