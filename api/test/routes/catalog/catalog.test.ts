import { mergeOffers } from '@shop/shared/catalog/merge-offer';
import { intervalLabel } from '@shop/shared/catalog/recurring-interval';
import { catalogContentSchema } from '@shop/shared/contract/catalog-content';
import { API_PATHS } from '@shop/shared/contract/paths';
import type { Offer, Price } from '@shop/shared/contract/catalog';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app';

describe('catalog offers, prices and content', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const get = async <T>(url: string) => {
    const response = await t.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    return response.json() as T;
  };

  it('serves every seeded kind of offer, each with a price it can be merged with', async () => {
    const { offers } = await get<{ offers: Offer[] }>(API_PATHS.catalogOffers);
    const { prices } = await get<{ prices: Price[] }>(API_PATHS.catalogPrices);
    const merged = mergeOffers(offers, prices);
    expect(merged).toHaveLength(offers.length);
    const byKey = new Map(merged.map((offer) => [offer.key, offer]));

    expect(byKey.get('bloodwise-kit')).toMatchObject({
      type: 'kit',
      priceType: 'one_time',
      priceRecurringInterval: null,
      unitAmount: 14_900,
    });
    const plans = [
      'bloodwise-monthly',
      'bloodwise-quarterly',
      'bloodwise-twice-year',
      'bloodwise-annual',
    ].map((key) => byKey.get(key));
    expect(
      plans.map(
        (offer) =>
          offer && [
            offer.priceRecurringInterval,
            intervalLabel(offer.priceRecurringInterval!),
            offer.unitAmount,
          ],
      ),
    ).toEqual([
      ['month', 'monthly', 9_900],
      ['quarter', 'quarterly', 12_900],
      ['twice-year', 'every 6 months', 13_900],
      ['year', 'yearly', 14_500],
    ]);
    expect(byKey.get('heart-metabolic-program')).toMatchObject({
      type: 'program',
      priceType: 'recurring',
      priceRecurringInterval: 'quarter',
    });
    expect(
      ['mini-panel', 'easy-draw', 'bp-monitor-tape'].map((key) => byKey.get(key)?.type),
    ).toEqual(['add-on', 'add-on', 'add-on']);
    expect(byKey.get('unlimited-upgrade')).toMatchObject({
      priceType: 'unlimited',
      isUnlimitedUpgrade: true,
    });
    // Product copy is data: every kit and plan lists its biomarkers.
    const offerByKey = new Map(offers.map((offer) => [offer.key, offer]));
    expect(offerByKey.get('bloodwise-kit')?.biomarkers).toContain('HbA1c');
    expect(offerByKey.get('heart-metabolic-program')?.biomarkers).toEqual(
      expect.arrayContaining(['ApoB', 'Lipoprotein(a)']),
    );
  });

  it('filters offers by type and prices by lookup key', async () => {
    const { offers } = await get<{ offers: Offer[] }>(`${API_PATHS.catalogOffers}?type=add-on`);
    expect(offers.map((offer) => offer.key)).toEqual([
      'mini-panel',
      'easy-draw',
      'bp-monitor-tape',
      'unlimited-upgrade',
    ]);
    const { prices } = await get<{ prices: Price[] }>(
      `${API_PATHS.catalogPrices}?lookupKeys=bloodwise_quarterly,bp_monitor_tape`,
    );
    expect(prices.map((price) => [price.lookupKey, price.unitAmount, price.recurring])).toEqual([
      ['bloodwise_quarterly', 12_900, { interval: 'month', intervalCount: 3 }],
      ['bp_monitor_tape', 5_900, null],
    ]);
  });

  it('serves the page copy, valid against the contract, naming only offers that exist', async () => {
    const response = await t.inject({ method: 'GET', url: API_PATHS.catalogContent });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    const content = catalogContentSchema.parse(response.json());
    expect(content.mainPage.howItWorks.steps).toHaveLength(3);
    expect(content.mainPage.sections.map((section) => section.kind)).toEqual([
      'waitlist',
      'referral',
    ]);
    expect(
      content.pages.programs.sections.find((section) => section.kind === 'waitlist'),
    ).toMatchObject({ source: 'ca_supplements' });

    const { offers } = await get<{ offers: Offer[] }>(API_PATHS.catalogOffers);
    const known = new Set(offers.map((offer) => offer.key));
    const named = [
      ...content.mainPage.featuredOfferKeys,
      content.quiz.fallback.offerKey,
      ...content.quiz.rules.map((rule) => rule.offerKey),
      ...Object.values(content.pages).flatMap((page) => [
        ...(page.offerKey ? [page.offerKey] : []),
        ...page.sections.flatMap((section) => (section.kind === 'offers' ? section.offerKeys : [])),
      ]),
    ];
    expect(named.filter((key) => !known.has(key))).toEqual([]);
    // Quiz rules only test questions and answers the quiz asks.
    const answers = new Map(
      content.quiz.questions.map((question) => [
        question.id,
        new Set(question.options.map((option) => option.value)),
      ]),
    );
    for (const rule of content.quiz.rules) {
      for (const [question, values] of Object.entries(rule.when)) {
        expect(values.every((value) => answers.get(question)?.has(value))).toBe(true);
      }
    }
  });

  it('reports a broken operator edit as a server error instead of serving it', async () => {
    await t.app.db
      .updateTable('catalog_content')
      .set({ data: JSON.stringify({ title: 'half an edit' }) })
      .where('key', '=', 'quiz')
      .execute();
    const response = await t.inject({ method: 'GET', url: API_PATHS.catalogContent });
    expect(response.statusCode).toBe(500);
    expect(response.json().error.code).toBe('INTERNAL_ERROR');
  });
});
