import { applyPartnerHead, partnerHead } from './partner-head';
import { storefrontShellStyle } from './storefront-style';
import { defaultThemeTokens } from '@shop/shared/federation/antd-theme';

const ICON = 'data:image/svg+xml;base64,PHN2Zz4=';

describe('partner head', () => {
  beforeEach(() => {
    document.head.innerHTML =
      '<link rel="icon" href="/favicon.ico" sizes="any"><meta name="description" content="At-home blood tests"><meta name="theme-color" content="#3cbab5">';
    document.title = 'Bloodwise · At-home blood tests';
  });

  it("sets the partner's favicon and allowlisted meta tags, leaves the title to the area, and restores the page's own afterwards", () => {
    const head = partnerHead({
      shopKey: 'acme',
      businessName: 'Acme Wellness',
      favicon: ICON,
      metaTags: [
        { name: 'description', content: 'Bloodwise tests from Acme' },
        { name: 'og:title', content: 'Acme' },
        { name: 'http-equiv', content: '0;url=https://evil.example' },
      ],
    })!;
    const restore = applyPartnerHead(document, head);
    expect(document.title).toBe('Bloodwise · At-home blood tests');
    // Only the partner's icon: the shop's own is taken out while the storefront shows.
    expect(
      [...document.head.querySelectorAll('link[rel="icon"]')].map((link) =>
        link.getAttribute('href'),
      ),
    ).toEqual([ICON]);
    const metas = () =>
      [...document.head.querySelectorAll('meta')].map((meta) => [
        meta.getAttribute('name'),
        meta.getAttribute('content'),
      ]);
    expect(metas()).toEqual([
      ['description', 'Acme Wellness tests from Acme'],
      ['theme-color', '#3cbab5'],
      ['og:title', 'Acme'],
    ]);

    restore();
    expect(document.title).toBe('Bloodwise · At-home blood tests');
    expect(
      [...document.head.querySelectorAll('link[rel="icon"]')].map((link) =>
        link.getAttribute('href'),
      ),
    ).toEqual(['/favicon.ico']);
    expect(metas()).toEqual([
      ['description', 'At-home blood tests'],
      ['theme-color', '#3cbab5'],
    ]);
  });

  it('writes markup in partner text as an attribute value and ignores an unsafe favicon', () => {
    const head = partnerHead({
      shopKey: 'x',
      businessName: '<img src=x onerror=alert(1)>',
      favicon: 'javascript:alert(1)',
      metaTags: [{ name: 'description', content: '"><script>window.__pwned=1</script>' }],
    })!;
    applyPartnerHead(document, head);
    // No partner icon, and not the shop's either.
    expect(document.head.querySelector('link[rel="icon"]')).toBeNull();
    expect(document.head.querySelectorAll('script, img')).toHaveLength(0);
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      '"><script>window.__pwned=1</script>',
    );
  });

  it('changes nothing for a missing partner or while it loads', () => {
    expect(partnerHead(null)).toBeNull();
    expect(partnerHead(undefined)).toBeNull();
  });
});

/** The head of a partner's page as the site sends it: the shop's own icon and description in a template. */
const SERVER_HEAD =
  '<meta name="viewport" content="width=device-width">' +
  '<template data-shop-head><link rel="icon" href="/favicon.ico"><meta name="description" content="Our shop"></template>' +
  '<title>Home | Acme</title>' +
  '<link rel="icon" href="https://acme.example/old.png" data-partner-head="">' +
  '<meta name="description" content="Acme tests" data-partner-head="">';

const headOf = (doc: Document) =>
  [...doc.head.querySelectorAll('link, meta')].map((element) =>
    element.tagName === 'LINK'
      ? `icon ${element.getAttribute('href')}`
      : `${element.getAttribute('name')} ${element.getAttribute('content')}`,
  );

describe("the partner's head on a page whose head the server drew", () => {
  it('takes over the drawn head, and gives the shop its own back when the storefront leaves', () => {
    document.head.innerHTML = SERVER_HEAD;
    const undo = applyPartnerHead(document, {
      favicon: 'https://acme.example/new.png',
      metaTags: [{ name: 'description', content: 'Acme tests' }],
    });
    expect(headOf(document)).toEqual([
      'viewport width=device-width',
      'description Acme tests',
      'icon https://acme.example/new.png',
    ]);
    expect(document.head.querySelector('template')).toBeNull();
    undo();
    expect(headOf(document)).toEqual([
      'viewport width=device-width',
      'icon /favicon.ico',
      'description Our shop',
    ]);
  });
});

describe('storefront shell colours', () => {
  it('carries bar and footer colours with text that reads on them, and keeps the consumer shell plain', () => {
    const theme = { ...defaultThemeTokens('#6b3fa0'), barColor: '#4a2a73', footerColor: '#f4effa' };
    expect(storefrontShellStyle(theme, true)).toEqual({
      className: 'shell shell--storefront',
      style: {
        '--brand': '#6b3fa0',
        '--on-brand': '#ffffff',
        '--bar': '#4a2a73',
        '--bar-ink': '#ffffff',
        '--logo-plate': '#ffffff',
        '--logo-plate-padding': '2px 6px',
        '--footer': '#f4effa',
        '--footer-ink': '#0b2428',
      },
    });
    expect(storefrontShellStyle(defaultThemeTokens(), false).className).toBe('shell');
    const lightBar = storefrontShellStyle(
      { ...defaultThemeTokens('#0b6e4f'), barColor: '#f1f8f5' },
      true,
    ).style as Record<string, string>;
    expect(lightBar).toMatchObject({
      '--bar-ink': '#0b2428',
      '--logo-plate': 'transparent',
      '--footer': '#12343b',
      '--footer-ink': '#ffffff',
    });
  });
});
