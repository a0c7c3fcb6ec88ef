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
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
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

  it.each<[unknown, string, string[][], string[]]>([
    [
      'quarterly',
      'Quarterly plans',
      [['Plain Partner Quarterly', '$129/ 3 months']],
      ['Quarterly', 'One-time', 'Monthly', 'Annual', 'Add-ons'],
    ],
    [
      'add-ons',
      'Add-ons',
      [['Mini Panel', '$39.50']],
      ['Add-ons', 'One-time', 'Monthly', 'Quarterly', 'Annual'],
    ],
    [
      'single-product',
      'The Plain Partner test',
      [['Plain Partner Complete Panel', '$149']],
      ['Featured test', 'One-time', 'Monthly', 'Quarterly', 'Annual', 'Add-ons'],
    ],
  ])(
    'shows /pricing by pricingMode %s, labelled and tabbed for it',
    async (pricingMode, heading, expected, tabs) => {
      renderStorefront('plain-partner', '/pricing', { customization: { ...PLAIN, pricingMode } });
      expect(await offerCards()).toEqual(expected);
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(heading);
      expect(screen.queryAllByRole('heading', { level: 2 })).toEqual([]);
      const nav = within(screen.getByRole('navigation', { name: 'Plan types' }));
      expect(nav.getAllByRole('link').map((link) => link.textContent)).toEqual(tabs);
      // The tab that is highlighted is the one whose offers show, never "All plans".
      expect(nav.getByRole('link', { current: 'page' })).toHaveTextContent(tabs[0]!);
    },
  );

  it("keeps the one-time kit of a quarterly partner one tab away, and its mode's variant at /pricing", async () => {
    const { store } = renderStorefront('plain-partner', '/pricing/quarterly', {
      customization: { ...PLAIN, pricingMode: 'quarterly' },
    });
    expect(await offerCards()).toEqual([['Plain Partner Quarterly', '$129/ 3 months']]);
    expect(store.getLocation().pathname).toBe('/shop/plain-partner/pricing');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'One-time' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'One-time tests' })).toBeVisible();
    expect(await offerCards()).toEqual([['Plain Partner Complete Panel', '$149']]);
  });

  it('shows everything when the mode names a variant the partner sells none of', async () => {
    renderStorefront('acme-wellness', '/pricing', {
      customization: { ...ACME, pricingMode: 'monthly' },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Acme Wellness tests and pricing' }),
    ).toBeVisible();
    expect(
      screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
    ).toEqual(['One-time tests', 'Quarterly plans']);
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

  it('lists only the tabs with offers, and sends an empty variant page to /pricing with a notice', async () => {
    const { store } = renderStorefront('acme-wellness', '/pricing/monthly', {
      customization: ACME,
    });
    expect(
      await screen.findByText('Acme Wellness has no monthly plans. Here is everything it offers.'),
    ).toBeVisible();
    expect(store.getLocation().pathname).toBe('/shop/acme-wellness/pricing');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Acme Wellness tests and pricing',
    );
    const nav = within(screen.getByRole('navigation', { name: 'Plan types' }));
    expect(nav.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'All plans',
      'One-time',
      'Quarterly',
    ]);
    expect(await offerCards()).toEqual([
      ['Acme Complete Panel', '$129'],
      ['Acme Wellness Quarterly', '$129/ 3 months'],
    ]);
  });

  it.each([
    ['quarterly', 'Acme Wellness has no add-ons. Here are its quarterly plans.'],
    ['single-product', 'Acme Wellness has no add-ons. Here is its featured test.'],
  ])('words the notice for what /pricing shows in mode %s', async (pricingMode, notice) => {
    renderStorefront('acme-wellness', '/pricing/add-ons', {
      customization: { ...ACME, pricingMode },
    });
    expect(await screen.findByText(notice)).toHaveAttribute('role', 'status');
  });

  it('moves between variants inside the storefront and adds to the cart with the overridden price', async () => {
    const { store, api } = renderStorefront('acme-wellness', '/pricing', { customization: ACME });
    await userEvent.click(
      within(await screen.findByRole('navigation', { name: 'Plan types' })).getByRole('link', {
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
