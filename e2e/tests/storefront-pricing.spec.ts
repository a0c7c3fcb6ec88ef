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
    // pricingMode 'quarterly': /pricing is the quarterly plans, labelled and tabbed as such.
    await page.goto('/shop/harbor-health/pricing');
    expect(await offers(page)).toEqual(expected.quarterly);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Quarterly plans');
    const tabs = page.getByRole('navigation', { name: 'Plan types' }).getByRole('link');
    await expect(tabs).toHaveText(['Quarterly', 'One-time', 'Monthly', 'Annual', 'Add-ons']);
    await expect(page.locator('[aria-current="page"]', { hasText: 'Quarterly' })).toBeVisible();
    await expect(page.getByText('All plans')).toHaveCount(0);
    // The one-time kit is one tab away.
    await tabs.filter({ hasText: 'One-time' }).click();
    await expect(page).toHaveURL(/\/shop\/harbor-health\/pricing\/one-time$/);
    expect(await offers(page)).toEqual(expected['one-time']);
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
      page.getByText('Acme Wellness has no monthly plans. Here is everything it offers.'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/shop\/acme-wellness\/pricing$/);
    expect(await offers(page)).toEqual([
      ['Acme Complete Panel', '$129'],
      ['Acme Quarterly', '$129/ 3 months'],
    ]);
  });

  test('your-health-business picks and renames products but keeps the default prices', async ({
    page,
  }) => {
    await page.goto('/shop/your-health-business/pricing');
    expect(await offers(page)).toEqual([
      ['Complete Panel', '$149'],
      ['Quarterly Panel', '$129/ 3 months'],
    ]);
    // Only the tabs with offers; a variant it sells none of is never an empty page.
    await expect(page.getByRole('navigation', { name: 'Plan types' }).getByRole('link')).toHaveText(
      ['All plans', 'One-time', 'Quarterly'],
    );
    for (const [variant, plans] of [
      ['monthly', 'monthly plans'],
      ['annual', 'annual plans'],
      ['add-ons', 'add-ons'],
    ]) {
      await page.goto(`/shop/your-health-business/pricing/${variant}`);
      await expect(
        page.getByText(`Your Health Business has no ${plans}. Here is everything it offers.`),
      ).toBeVisible();
      await expect(page).toHaveURL(/\/shop\/your-health-business\/pricing$/);
      await expect(page.getByTestId('storefront-offer')).toHaveCount(2);
    }
  });
});
