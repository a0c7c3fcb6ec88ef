// Each storefront pricing variant shows the right prices: the seeded defaults for a partner without
// a product list, the partner's own price where its list overrides one, /pricing by pricingMode.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/shop-server';

async function offers(page: Page) {
  const cards = page.getByTestId('storefront-offer');
  await expect(cards.first()).toBeVisible();
  return cards.evaluateAll((elements) =>
    elements.map((card) => [
      card.querySelector('h3')?.textContent,
      card.querySelector('[data-testid="offer-price"]')?.textContent,
    ]),
  );
}

test.describe('storefront pricing', () => {
  test('harbor-health (default products) shows each variant at the default prices', async ({
    page,
  }) => {
    const expected: Record<string, string[][]> = {
      'one-time': [['Harbor Health Clinics Complete Panel', '$149']],
      monthly: [['Harbor Health Clinics Monthly', '$99/ 1 month']],
      quarterly: [
        ['Harbor Health Clinics Quarterly', '$129/ 3 months'],
        ['Heart & Metabolic Program', '$199/ 3 months'],
      ],
      annual: [['Harbor Health Clinics Annual', '$145/ 1 year']],
      'add-ons': [
        ['Mini Panel', '$39'],
        ['Easy-Draw Collection Device', '$49'],
        ['Blood-Pressure Monitor with Measuring Tape', '$59'],
        ['Unlimited Upgrades', '$99'],
      ],
    };
    for (const [variant, cards] of Object.entries(expected)) {
      await page.goto(`/shop/harbor-health/pricing/${variant}`);
      expect(await offers(page), variant).toEqual(cards);
    }
    // pricingMode 'quarterly': /pricing is the quarterly plans.
    await page.goto('/shop/harbor-health/pricing');
    expect(await offers(page)).toEqual(expected.quarterly);
  });

  test("acme-wellness's list overrides products and prices; /pricing is the table of every variant it sells", async ({
    page,
  }) => {
    await page.goto('/shop/acme-wellness/pricing');
    await expect(page.getByRole('heading', { level: 2 })).toHaveText([
      'One-time tests',
      'Quarterly plans',
    ]);
    expect(await offers(page)).toEqual([
      ['Acme Complete Panel', '$129'],
      ['Acme Quarterly', '$129/ 3 months'],
    ]);
    await page.goto('/shop/acme-wellness/pricing/monthly');
    await expect(
      page.getByText('Acme Wellness offers no monthly options. See all plans above.'),
    ).toBeVisible();
  });

  test('your-health-business picks and renames products but keeps the default prices', async ({
    page,
  }) => {
    await page.goto('/shop/your-health-business/pricing');
    expect(await offers(page)).toEqual([
      ['Complete Panel', '$149'],
      ['Quarterly Panel', '$129/ 3 months'],
    ]);
  });
});
