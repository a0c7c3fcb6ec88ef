import { mergeOffers } from '@shop/shared/catalog/merge-offer';
import {
  offersForVariant,
  pricingModeView,
  PRICING_VARIANTS,
} from '../src/features/offers/model/pricing-variants';
import { storefrontOffers } from '../src/features/offers/model/storefront-offers';
import { partnerCheckoutProps } from '../src/features/checkout-area/model/partner-checkout-props';
import type { StorefrontOffer } from '../src/features/offers/model/storefront-offers';
import { partnerView } from '@shop/shared/storefront/partner-view';
import { defaultThemeTokens } from '@shop/shared/federation/antd-theme';
import { OFFERS, PRICES } from './support/storefront-fixtures';

const partnerProduct = (key: string, price: string, title = 'Partner title') => ({
  key,
  type: 'kit',
  kitType: 'full-panel',
  title,
  quantity: 1,
  price,
});

describe('storefrontOffers', () => {
  const input = {
    shopKey: 'acme-wellness',
    businessName: 'Acme',
    catalogOffers: OFFERS,
    prices: PRICES,
  };

  it('sells the default offers at the default prices without a partner list, renamed', () => {
    const offers = storefrontOffers({ ...input, partnerProducts: null });
    expect(offers.map((offer) => [offer.title, offer.unitAmount, offer.lookupKey])).toEqual([
      ['Acme Complete Panel', 14_900, 'bloodwise_kit'],
      ['Acme Monthly', 9_900, 'bloodwise_monthly'],
      ['Acme Quarterly', 12_900, 'bloodwise_quarterly'],
      ['Acme Annual', 14_500, 'bloodwise_annual'],
      ['Mini Panel', 3_950, 'mini_panel'],
    ]);
    expect(offers[0]!.description).toBe('One Acme kit, 12 markers.');
  });

  it("lays the partner's list over the defaults: its order, titles, lookup keys and prices", () => {
    const offers = storefrontOffers({
      ...input,
      partnerProducts: [
        partnerProduct('mini-panel', 'mini_panel', 'Quick check'),
        partnerProduct('bloodwise-kit', 'acme_kit', 'Bloodwise Kit'),
      ],
    });
    expect(
      offers.map((offer) => [
        offer.key,
        offer.title,
        offer.unitAmount,
        offer.lookupKey,
        offer.priceId,
      ]),
    ).toEqual([
      ['mini-panel', 'Quick check', 3_950, 'mini_panel', 'price_mini_panel'],
      ['bloodwise-kit', 'Acme Kit', 12_900, 'acme_kit', 'price_acme_kit'],
    ]);
  });

  it('keeps the default prices for your-health-business', () => {
    const offers = storefrontOffers({
      ...input,
      shopKey: 'your-health-business',
      partnerProducts: [partnerProduct('bloodwise-kit', 'yhb_kit')],
    });
    expect(offers.map((offer) => [offer.title, offer.unitAmount, offer.lookupKey])).toEqual([
      ['Partner title', 14_900, 'bloodwise_kit'],
    ]);
  });

  it('keeps the default price when the partner names a price the shop does not list', () => {
    const [offer] = storefrontOffers({
      ...input,
      partnerProducts: [partnerProduct('bloodwise-kit', 'no_such_price')],
    });
    expect(offer).toMatchObject({ unitAmount: 14_900, lookupKey: 'bloodwise_kit' });
  });
});

describe('pricing variants', () => {
  const offers = mergeOffers(OFFERS, PRICES).map((offer) => ({ ...offer, description: '' }));

  it.each([
    ['one-time', ['bloodwise-kit']],
    ['monthly', ['bloodwise-monthly']],
    ['quarterly', ['bloodwise-quarterly']],
    ['annual', ['bloodwise-annual']],
    ['add-ons', ['mini-panel']],
  ] as const)('%s holds the right offers', (id, keys) => {
    expect(offersForVariant(offers, id).map((offer) => offer.key)).toEqual(keys);
  });

  it('has five variants under /pricing', () => {
    expect(PRICING_VARIANTS.map((variant) => variant.path)).toEqual([
      'pricing/one-time',
      'pricing/monthly',
      'pricing/quarterly',
      'pricing/annual',
      'pricing/add-ons',
    ]);
  });

  it.each([
    ['pricing-table', { kind: 'table' }],
    [undefined, { kind: 'table' }],
    ['nonsense', { kind: 'table' }],
    ['single-product', { kind: 'single-product' }],
    ['annual', { kind: 'variant', id: 'annual' }],
    ['add-ons', { kind: 'variant', id: 'add-ons' }],
  ])('reads pricingMode %p', (mode, view) => {
    expect(pricingModeView(mode)).toEqual(view);
  });
});

describe('partnerCheckoutProps', () => {
  const offers = [
    { key: 'bloodwise-kit', lookupKey: 'acme_kit_one_time', title: 'Acme Complete Panel' },
    { key: 'mini-panel', lookupKey: 'mini_panel_upgrade', title: 'Mini Panel' },
  ] as unknown as StorefrontOffer[];
  const props = (redirectAfterPurchase: unknown) =>
    partnerCheckoutProps({
      shopKey: 'acme-wellness',
      businessName: 'Acme Wellness',
      offers,
      redirectAfterPurchase,
    });

  it('hands the checkout area the offers under their titles and the rules in lookup keys', () => {
    expect(
      props([
        { url: 'https://partner.example/kits', productKeys: ['bloodwise-kit'] },
        { url: 'https://partner.example/any', productKeys: [] },
      ]),
    ).toEqual({
      businessKey: 'acme-wellness',
      businessName: 'Acme Wellness',
      offers: [
        { lookupKey: 'acme_kit_one_time', title: 'Acme Complete Panel' },
        { lookupKey: 'mini_panel_upgrade', title: 'Mini Panel' },
      ],
      afterPurchase: [
        { url: 'https://partner.example/kits', lookupKeys: ['acme_kit_one_time'] },
        { url: 'https://partner.example/any', lookupKeys: [] },
      ],
    });
  });

  it('keeps a rule naming a product no longer sold from matching every order', () => {
    expect(
      props([{ url: 'https://partner.example/gone', productKeys: ['retired'] }]).afterPurchase,
    ).toEqual([{ url: 'https://partner.example/gone', lookupKeys: ['product:retired'] }]);
  });

  it.each([
    [[{ url: 'javascript:alert(1)' }]],
    [[{ url: '//evil.example' }]],
    [[{ url: 'data:text/html,x' }]],
    [['https://plain.string']],
    [null],
    ['x'],
    [[null]],
  ])('passes on nothing to follow for %j', (entries) => {
    expect(props(entries).afterPurchase).toEqual([]);
  });
});

describe('partnerView', () => {
  it('replaces the product name in partner text, falls back for blanks, and keeps colours hex-only', () => {
    const partner = partnerView(
      {
        shopKey: 'acme',
        businessName: '  Acme  ',
        mainPageTitle: 'Bloodwise for you',
        aboutTitle: '   ',
        primaryColor: 'red;x:y',
        footerColor: '#123',
        barColor: 'url(x)',
      },
      defaultThemeTokens('#654321'),
    );
    expect(partner.businessName).toBe('Acme');
    expect(partner.text(partner.customization.mainPageTitle, 'x')).toBe('Acme for you');
    expect(partner.text(partner.customization.aboutTitle, 'About Bloodwise')).toBe('About Acme');
    expect(partner.colors).toMatchObject({ primary: '#654321', footer: '#123', bar: null });
    expect(partner.link('javascript:alert(1)')).toBeNull();
    expect(partner.link('https://acme.example')).toBe('https://acme.example');
    expect(partner.image('//evil/x.png', '')).toBeNull();
    expect(partner.list(['Bloodwise kits', 3, ' ', null])).toEqual(['Acme kits']);
  });

  it('names a partner without a businessName by its shop key', () => {
    expect(partnerView({ shopKey: 'acme' }, defaultThemeTokens()).businessName).toBe('acme');
  });
});
