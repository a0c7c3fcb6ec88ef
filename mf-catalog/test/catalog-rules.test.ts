import { offerEcommerceEvent } from '@shop/shared/analytics/ga4';
import { findOffer, mergeCatalog } from '../src/features/catalog-data/model/catalog-offer';
import {
  addOnOffers,
  isPricingChoiceId,
  offersForChoice,
  savingPercent,
} from '../src/features/catalog-data/model/pricing-intervals';
import { priceText } from '../src/features/offers/model/price-text';
import { purchaseOptions } from '../src/features/pricing/model/purchase-options';
import { OFFERS, PRICES } from './support/catalog-fixtures';

const offers = mergeCatalog(OFFERS, PRICES);
const keys = (list: readonly { key: string }[]) => list.map((offer) => offer.key);

describe('mergeCatalog', () => {
  it('merges each offer with its price and keeps the catalog copy', () => {
    expect(findOffer(offers, 'quarterly')).toMatchObject({
      unitAmount: 12_950,
      priceType: 'recurring',
      priceRecurringInterval: 'quarter',
      lookupKey: 'plan_quarter',
      badge: 'Most popular',
      biomarkers: ['HbA1c', 'LDL cholesterol'],
    });
    expect(findOffer(offers, 'unlimited')).toMatchObject({
      priceType: 'unlimited',
      isUnlimitedUpgrade: true,
    });
  });

  it('drops an offer whose price is missing', () => {
    expect(
      keys(
        mergeCatalog(
          OFFERS,
          PRICES.filter((price) => price.lookupKey !== 'kit_once'),
        ),
      ),
    ).not.toContain('kit');
  });
});

describe('pricing choices', () => {
  it.each([
    ['one-time', ['kit']],
    ['monthly', ['monthly']],
    ['quarterly', ['quarterly', 'program']],
    ['annual', ['annual']],
  ] as const)('%s lists %p', (choice, expected) => {
    expect(keys(offersForChoice(offers, choice))).toEqual(expected);
  });

  it('never lists add-ons or the unlimited upgrade as plans, and lists add-ons separately', () => {
    expect(keys(offersForChoice(offers, 'one-time'))).not.toContain('mini');
    expect(keys(addOnOffers(offers))).toEqual(['mini', 'unlimited']);
  });

  it('accepts only known choice ids', () => {
    expect(isPricingChoiceId('annual')).toBe(true);
    expect(isPricingChoiceId('yearly')).toBe(false);
    expect(isPricingChoiceId(null)).toBe(false);
  });
});

describe('savingPercent', () => {
  it('rounds the per-kit saving down against the one-time price', () => {
    // 14900 -> 12950 is 13.09%.
    expect(savingPercent(14_900, findOffer(offers, 'quarterly')!)).toBe(13);
    expect(savingPercent(14_900, findOffer(offers, 'monthly')!)).toBe(33);
  });

  it('says nothing for programs, one-time kits, dearer plans or a missing base price', () => {
    expect(savingPercent(14_900, findOffer(offers, 'program')!)).toBeNull();
    expect(savingPercent(14_900, findOffer(offers, 'kit')!)).toBeNull();
    expect(savingPercent(9_000, findOffer(offers, 'quarterly')!)).toBeNull();
    expect(savingPercent(0, findOffer(offers, 'quarterly')!)).toBeNull();
  });
});

describe('purchaseOptions', () => {
  it('offers the kit once, then its plans by rhythm', () => {
    expect(keys(purchaseOptions(offers, findOffer(offers, 'kit')!))).toEqual([
      'kit',
      'monthly',
      'quarterly',
      'twice-year',
      'annual',
    ]);
  });

  it('leaves out plans at other rhythms or for other kits', () => {
    const fourWeeks = {
      ...findOffer(offers, 'monthly')!,
      key: 'four-weeks',
      priceRecurringInterval: '4-weeks' as const,
    };
    const otherKit = {
      ...findOffer(offers, 'annual')!,
      key: 'other-annual',
      kitType: 'mini-panel',
    };
    expect(
      keys(purchaseOptions([...offers, fourWeeks, otherKit], findOffer(offers, 'kit')!)),
    ).not.toEqual(expect.arrayContaining(['four-weeks', 'other-annual']));
  });

  it('sells a program one way', () => {
    expect(keys(purchaseOptions(offers, findOffer(offers, 'program')!))).toEqual(['program']);
  });
});

describe('priceText', () => {
  it.each([
    ['kit', { amount: '$149', period: 'one-time', billing: 'One payment, no subscription' }],
    ['monthly', { amount: '$99', period: 'per 1 month', billing: 'Billed monthly' }],
    ['quarterly', { amount: '$129.50', period: 'per 3 months', billing: 'Billed quarterly' }],
    ['twice-year', { amount: '$139', period: 'per 6 months', billing: 'Billed every 6 months' }],
    ['annual', { amount: '$145', period: 'per 1 year', billing: 'Billed yearly' }],
  ])('reads %s as %p', (key, expected) => {
    expect(priceText(findOffer(offers, key)!)).toEqual(expected);
  });
});

describe('offerEcommerceEvent', () => {
  it('builds the GA4 add_to_cart and view_item shapes from cents', () => {
    const quarterly = findOffer(offers, 'quarterly')!;
    expect(offerEcommerceEvent('add_to_cart', quarterly, 2)).toEqual({
      event: 'add_to_cart',
      ecommerce: {
        currency: 'USD',
        value: 259,
        items: [
          {
            item_id: 'plan_quarter',
            item_name: 'Quarterly Plan',
            price: 129.5,
            quantity: 2,
            item_variant: 'quarter',
          },
        ],
      },
    });
    expect(
      offerEcommerceEvent('view_item', findOffer(offers, 'kit')!).ecommerce.items[0],
    ).toMatchObject({ item_id: 'kit_once', item_variant: 'one-time', price: 149 });
  });
});
