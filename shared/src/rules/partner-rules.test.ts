import type { MergedOffer } from '../catalog/merge-offer';
import {
  PARTNER_META_NAMES,
  PRODUCT_NAME,
  YOUR_HEALTH_BUSINESS_KEY,
  applyPartnerProducts,
  isSafeImageSrc,
  partnerRedirectTarget,
  safePartnerMetaTags,
  partnerProductTitle,
  replaceProductName,
  type StorefrontRouteKind,
} from './partner-rules';

describe('replaceProductName', () => {
  it('names the product Bloodwise', () => {
    expect(PRODUCT_NAME).toBe('Bloodwise');
  });

  it('replaces every occurrence with the business name', () => {
    expect(
      replaceProductName('Bloodwise tests at home. Order Bloodwise today!', 'Acme Health'),
    ).toBe('Acme Health tests at home. Order Acme Health today!');
  });

  it('replaces whole words next to punctuation', () => {
    expect(replaceProductName("Bloodwise's kit (Bloodwise) Bloodwise-approved", 'Acme')).toBe(
      "Acme's kit (Acme) Acme-approved",
    );
  });

  it('is case-sensitive and whole-word only', () => {
    expect(replaceProductName('bloodwise BLOODWISE Bloodwiser MyBloodwise', 'Acme')).toBe(
      'bloodwise BLOODWISE Bloodwiser MyBloodwise',
    );
  });

  it.each([[''], ['   '], [null], [undefined]])(
    'leaves the text alone for the business name %p',
    (name) => {
      expect(replaceProductName('Welcome to Bloodwise', name)).toBe('Welcome to Bloodwise');
    },
  );

  it('inserts a name with replacement-pattern characters literally', () => {
    expect(replaceProductName('Try Bloodwise', 'A$&B $1')).toBe('Try A$&B $1');
  });

  it('trims the business name', () => {
    expect(replaceProductName('Try Bloodwise', '  Acme  ')).toBe('Try Acme');
  });

  it('can be called repeatedly (the global pattern keeps no state between calls)', () => {
    expect(replaceProductName('Bloodwise', 'Acme')).toBe('Acme');
    expect(replaceProductName('Bloodwise', 'Acme')).toBe('Acme');
  });
});

const offer = (key: string, unitAmount: number): MergedOffer => ({
  key,
  type: 'kit',
  kitType: key,
  title: `Default ${key}`,
  quantity: 1,
  price: `${key}_price`,
  unitAmount,
  currency: 'usd',
  priceType: 'one_time',
  priceRecurringInterval: null,
  priceId: `price_${key}`,
  lookupKey: `${key}_price`,
  isUnlimitedUpgrade: false,
});

const defaults = [offer('essential', 9900), offer('advanced', 19900), offer('mini', 2900)];

describe('applyPartnerProducts', () => {
  it.each([[null], [undefined], [[]]])(
    'keeps the default offers when the partner list is %p',
    (list) => {
      expect(applyPartnerProducts('acme', defaults, list)).toEqual(defaults);
    },
  );

  it("overrides a partner's products and prices", () => {
    const result = applyPartnerProducts('acme', defaults, [
      {
        key: 'advanced',
        title: 'Acme Advanced',
        lookupKey: 'acme_advanced',
        priceId: 'price_acme_adv',
        unitAmount: 14900,
      },
      { key: 'essential' },
    ]);
    expect(result).toEqual([
      {
        ...defaults[1],
        title: 'Acme Advanced',
        lookupKey: 'acme_advanced',
        priceId: 'price_acme_adv',
        unitAmount: 14900,
      },
      defaults[0],
    ]);
  });

  it('keeps each price field the partner leaves out', () => {
    const [result] = applyPartnerProducts('acme', defaults, [{ key: 'mini', unitAmount: 1900 }]);
    expect(result).toMatchObject({
      unitAmount: 1900,
      lookupKey: 'mini_price',
      priceId: 'price_mini',
    });
  });

  it('selects products for your-health-business but keeps the default prices', () => {
    const result = applyPartnerProducts(YOUR_HEALTH_BUSINESS_KEY, defaults, [
      {
        key: 'mini',
        title: 'Quick check',
        lookupKey: 'yhb_mini',
        priceId: 'price_yhb',
        unitAmount: 100,
      },
      { key: 'advanced', unitAmount: 1 },
    ]);
    expect(result).toEqual([{ ...defaults[2], title: 'Quick check' }, defaults[1]]);
  });

  it('names the your-health-business key', () => {
    expect(YOUR_HEALTH_BUSINESS_KEY).toBe('your-health-business');
  });

  it('leaves out keys the shop does not sell and repeated keys', () => {
    const result = applyPartnerProducts('acme', defaults, [
      { key: 'unknown', unitAmount: 100 },
      { key: 'mini' },
      { key: 'mini', unitAmount: 1 },
    ]);
    expect(result).toEqual([defaults[2]]);
  });

  it('does not change the default offers', () => {
    const before = JSON.parse(JSON.stringify(defaults)) as MergedOffer[];
    applyPartnerProducts('acme', defaults, [{ key: 'essential', unitAmount: 1, title: 'x' }]);
    expect(defaults).toEqual(before);
  });
});

describe('partnerRedirectTarget', () => {
  const link = 'https://partner.example/landing?ref=shop';

  it.each<StorefrontRouteKind>(['main', 'pricing'])('redirects from the %s page', (kind) => {
    expect(partnerRedirectTarget(kind, link)).toBe(link);
  });

  it.each<StorefrontRouteKind>(['checkout', 'thank-you', 'cart'])(
    'never redirects from the %s page',
    (kind) => {
      expect(partnerRedirectTarget(kind, link)).toBeNull();
    },
  );

  it('accepts plain http', () => {
    expect(partnerRedirectTarget('main', 'http://partner.example/')).toBe(
      'http://partner.example/',
    );
  });

  it('returns the normalised URL', () => {
    expect(partnerRedirectTarget('pricing', 'HTTPS://Partner.Example')).toBe(
      'https://partner.example/',
    );
  });

  it.each([
    ['javascript:alert(1)'],
    [' javascript:alert(document.cookie)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['//partner.example'],
    ['/pricing'],
    [''],
    [null],
    [undefined],
  ])('ignores the link %p', (redirectLink) => {
    expect(partnerRedirectTarget('main', redirectLink)).toBeNull();
  });
});

describe('safePartnerMetaTags', () => {
  it('keeps allowlisted name/content pairs, the first of each name', () => {
    expect(
      safePartnerMetaTags([
        { name: 'description', content: 'Acme tests' },
        { name: 'og:title', content: 'Acme' },
        { name: 'description', content: 'second' },
      ]),
    ).toEqual([
      { name: 'description', content: 'Acme tests' },
      { name: 'og:title', content: 'Acme' },
    ]);
  });

  it.each([
    [{ name: 'http-equiv', content: '0;url=https://evil.example' }],
    [{ name: 'refresh', content: '0;url=https://evil.example' }],
    [{ name: 'Content-Security-Policy', content: "script-src 'unsafe-inline'" }],
    [{ name: 'og:image', content: 'javascript:alert(1)' }],
    [{ name: 'og:url', content: '//evil.example' }],
    [{ name: 'description', content: 42 }],
    [{ name: ['description'], content: 'x' }],
    [null],
    ['description'],
  ])('drops %j', (tag) => {
    expect(safePartnerMetaTags([tag])).toEqual([]);
  });

  it('keeps markup in content as a plain string (it is only ever set with setAttribute)', () => {
    expect(safePartnerMetaTags([{ name: 'description', content: '"><script>x</script>' }])).toEqual(
      [{ name: 'description', content: '"><script>x</script>' }],
    );
  });

  it('answers an empty list for anything but an array, and lists no http-equiv-like name', () => {
    expect(safePartnerMetaTags({ name: 'description', content: 'x' })).toEqual([]);
    expect(PARTNER_META_NAMES.some((name) => /equiv|refresh|cookie|security/i.test(name))).toBe(
      false,
    );
  });
});

describe('isSafeImageSrc', () => {
  it.each([
    ['https://cdn.example.com/logo.png'],
    ['http://cdn.example.com/logo.png'],
    ['/assets/logo.svg'],
    ['data:image/png;base64,iVBORw0KGgo='],
    ['data:image/svg+xml;base64,PHN2Zz4='],
  ])('accepts %s', (src) => {
    expect(isSafeImageSrc(src)).toBe(true);
  });

  it.each([
    ['javascript:alert(1)'],
    ['//evil.example/logo.png'],
    ['/\\evil.example/logo.png'],
    ['data:text/html;base64,PHNjcmlwdD4='],
    ['data:image/svg+xml,<svg onload=alert(1)>'],
    ['logo.png'],
    [''],
    [null],
  ])('refuses %p', (src) => {
    expect(isSafeImageSrc(src)).toBe(false);
  });
});

describe('partnerProductTitle', () => {
  const acme = {
    businessName: 'Acme Wellness',
    products: [
      { key: 'bloodwise-kit', title: 'Acme Complete Panel' },
      { key: 'quarterly', title: 'Bloodwise Quarterly' },
    ],
  };
  it.each([
    [{ key: 'bloodwise-kit', title: 'Bloodwise Complete Panel' }, acme, 'Acme Complete Panel'],
    [{ key: 'quarterly', title: 'Bloodwise Quarterly' }, acme, 'Acme Wellness Quarterly'],
    [{ key: 'annual', title: 'Bloodwise Annual' }, acme, 'Acme Wellness Annual'],
    [
      { key: 'annual', title: 'Bloodwise Annual' },
      { businessName: 'Harbor', products: null },
      'Harbor Annual',
    ],
  ])("names %p as the partner's storefront does", (product, partner, expected) => {
    expect(partnerProductTitle(product, partner)).toBe(expected);
  });
});
