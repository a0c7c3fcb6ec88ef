import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PartnerCustomizationProp } from '@shop/shared/shell-contract/shell-props';
import { ACME, PLAIN } from './support/storefront-fixtures';
import { renderStorefront } from './support/render-storefront';

/** Title and price of each offer card on the page. */
async function offerCards() {
  const cards = await screen.findAllByTestId('storefront-offer');
  return cards.map((card) => [
    within(card).getByRole('heading', { level: 3 }).textContent,
    within(card).getByTestId('offer-price').textContent,
  ]);
}

describe('storefront pricing', () => {
  it.each([
    ['/pricing/one-time', 'One-time tests', [['Plain Partner Complete Panel', '$149']]],
    ['/pricing/monthly', 'Monthly plans', [['Plain Partner Monthly', '$99/ 1 month']]],
    ['/pricing/quarterly', 'Quarterly plans', [['Plain Partner Quarterly', '$129/ 3 months']]],
    ['/pricing/annual', 'Annual plans', [['Plain Partner Annual', '$145/ 1 year']]],
    ['/pricing/add-ons', 'Add-ons', [['Mini Panel', '$39.50']]],
  ])(
    '%s shows its offers at the default prices for a partner without a product list',
    async (page, heading, expected) => {
      renderStorefront('plain-partner', page, { customization: PLAIN });
      expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
      expect(await offerCards()).toEqual(expected);
    },
  );

  it('shows every variant on /pricing for pricingMode pricing-table (the default)', async () => {
    renderStorefront('plain-partner', '/pricing', { customization: PLAIN });
    await screen.findAllByTestId('storefront-offer');
    expect(
      screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
    ).toEqual(['One-time tests', 'Monthly plans', 'Quarterly plans', 'Annual plans', 'Add-ons']);
  });

  it.each<[unknown, string[][]]>([
    ['quarterly', [['Plain Partner Quarterly', '$129/ 3 months']]],
    ['add-ons', [['Mini Panel', '$39.50']]],
    ['single-product', [['Plain Partner Complete Panel', '$149']]],
  ])('shows /pricing by pricingMode %s', async (pricingMode, expected) => {
    renderStorefront('plain-partner', '/pricing', { customization: { ...PLAIN, pricingMode } });
    expect(await offerCards()).toEqual(expected);
    expect(screen.queryAllByRole('heading', { level: 2 })).toEqual([]);
  });

  it("overrides the products and prices with the partner's list", async () => {
    renderStorefront('acme-wellness', '/pricing', { customization: ACME });
    expect(await offerCards()).toEqual([
      ['Acme Complete Panel', '$129'],
      ['Acme Wellness Quarterly', '$129/ 3 months'],
    ]);
  });

  it('keeps the default prices for your-health-business, whose list only picks and renames products', async () => {
    const yhb: PartnerCustomizationProp = {
      shopKey: 'your-health-business',
      businessName: 'Your Health Business',
      products: [
        {
          key: 'bloodwise-kit',
          type: 'kit',
          kitType: 'full-panel',
          title: 'Complete Panel',
          quantity: 1,
          price: 'yhb_kit',
        },
      ],
    };
    renderStorefront('your-health-business', '/pricing', { customization: yhb });
    expect(await offerCards()).toEqual([['Complete Panel', '$149']]);
  });

  it('says so when the partner sells nothing of a variant', async () => {
    renderStorefront('acme-wellness', '/pricing/monthly', { customization: ACME });
    expect(
      await screen.findByText('Acme Wellness offers no monthly options. See all plans above.'),
    ).toBeInTheDocument();
  });

  it('moves between variants inside the storefront and adds to the cart with the overridden price', async () => {
    const { store, api } = renderStorefront('acme-wellness', '/pricing', { customization: ACME });
    await userEvent.click(
      within(screen.getByRole('navigation', { name: 'Plan types' })).getByRole('link', {
        name: 'Quarterly',
      }),
    );
    expect(store.getLocation().pathname).toBe('/shop/acme-wellness/pricing/quarterly');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Add to cart: Acme Wellness Quarterly' }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Your cart' })).toBeInTheDocument();
    expect(store.getLocation().pathname).toBe('/shop/acme-wellness/shopping-cart');
    expect(api.cart.items).toEqual([{ lookupKey: 'bloodwise_quarterly', quantity: 1 }]);
  });
});
