import {
  mergeOfferWithPrice,
  mergeOffers,
  type ProductOffer,
  type ProviderPrice,
} from './merge-offer';

const kitOffer: ProductOffer = {
  key: 'essential-kit',
  type: 'kit',
  kitType: 'essential',
  title: 'Essential panel',
  quantity: 1,
  price: 'essential_one_time',
};

const oneTimePrice: ProviderPrice = {
  id: 'price_one_time_1',
  lookupKey: 'essential_one_time',
  unitAmount: 9900,
  currency: 'usd',
  type: 'one_time',
  recurring: null,
  metadata: {},
};

const quarterlyPrice: ProviderPrice = {
  id: 'price_quarterly_1',
  lookupKey: 'essential_quarterly',
  unitAmount: 8950,
  currency: 'USD',
  type: 'recurring',
  recurring: { interval: 'month', intervalCount: 3 },
  metadata: {},
};

describe('mergeOfferWithPrice', () => {
  it('keeps the offer fields and adds the one-time price fields', () => {
    expect(mergeOfferWithPrice(kitOffer, oneTimePrice)).toEqual({
      ...kitOffer,
      unitAmount: 9900,
      currency: 'usd',
      priceType: 'one_time',
      priceRecurringInterval: null,
      priceId: 'price_one_time_1',
      lookupKey: 'essential_one_time',
      isUnlimitedUpgrade: false,
    });
  });

  it('derives the recurring interval and lower-cases the currency', () => {
    const merged = mergeOfferWithPrice(
      { ...kitOffer, price: 'essential_quarterly' },
      quarterlyPrice,
    );
    expect(merged.priceType).toBe('recurring');
    expect(merged.priceRecurringInterval).toBe('quarter');
    expect(merged.currency).toBe('usd');
    expect(merged.unitAmount).toBe(8950);
  });

  it.each([
    ['month', 6, 'twice-year'],
    ['year', 1, 'year'],
    ['day', 28, '4-weeks'],
  ] as const)('derives %s x%i as %s', (interval, intervalCount, expected) => {
    const merged = mergeOfferWithPrice(kitOffer, {
      ...quarterlyPrice,
      recurring: { interval, intervalCount },
    });
    expect(merged.priceRecurringInterval).toBe(expected);
  });

  it("marks a price with metadata unlimited_upgrade 'true' as unlimited", () => {
    const merged = mergeOfferWithPrice(kitOffer, {
      ...quarterlyPrice,
      metadata: { unlimited_upgrade: 'true' },
    });
    expect(merged.priceType).toBe('unlimited');
    expect(merged.isUnlimitedUpgrade).toBe(true);
    expect(merged.priceRecurringInterval).toBe('quarter');
  });

  it.each(['false', 'TRUE', '1', ''])(
    'does not treat unlimited_upgrade %p as unlimited',
    (flag) => {
      const merged = mergeOfferWithPrice(kitOffer, {
        ...oneTimePrice,
        metadata: { unlimited_upgrade: flag },
      });
      expect(merged.priceType).toBe('one_time');
      expect(merged.isUnlimitedUpgrade).toBe(false);
    },
  );

  it('keeps a missing lookup key as null', () => {
    expect(
      mergeOfferWithPrice(kitOffer, { ...oneTimePrice, lookupKey: null }).lookupKey,
    ).toBeNull();
  });
});

describe('mergeOffers', () => {
  const addOn: ProductOffer = {
    ...kitOffer,
    key: 'mini',
    title: 'Mini panel',
    price: 'price_quarterly_1',
  };
  const orphan: ProductOffer = {
    ...kitOffer,
    key: 'gone',
    title: 'Retired kit',
    price: 'retired_price',
  };

  it('matches prices by lookup key or by id, keeping the offer order', () => {
    const merged = mergeOffers([kitOffer, addOn], [quarterlyPrice, oneTimePrice]);
    expect(merged.map((offer) => [offer.key, offer.priceId])).toEqual([
      ['essential-kit', 'price_one_time_1'],
      ['mini', 'price_quarterly_1'],
    ]);
  });

  it('drops offers whose price is missing', () => {
    expect(mergeOffers([orphan, kitOffer], [oneTimePrice]).map((offer) => offer.key)).toEqual([
      'essential-kit',
    ]);
  });

  it('matches a price without a lookup key by its id', () => {
    const noKey = { ...oneTimePrice, id: 'price_no_key', lookupKey: null };
    const merged = mergeOffers([{ ...kitOffer, price: 'price_no_key' }], [noKey]);
    expect(merged).toHaveLength(1);
    expect(merged[0]?.lookupKey).toBeNull();
  });

  it('returns nothing when there are no prices', () => {
    expect(mergeOffers([kitOffer, addOn], [])).toEqual([]);
  });
});
