// A partner storefront is measured like the shop: view_item for each offer shown, add_to_cart
// when one is added, each naming the partner.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderArea } from '../src/server/render-storefront';
import { ACME, OFFERS, PRICES } from './support/storefront-fixtures';
import { renderStorefront } from './support/render-storefront';

describe('storefront analytics', () => {
  it('tracks view_item for each offer shown and add_to_cart for the one added, with business_key', async () => {
    const { record } = renderStorefront('acme-wellness', '/pricing', {
      customization: ACME,
    });
    const add = await screen.findByRole('button', {
      name: 'Add to cart: Acme Wellness Quarterly',
    });
    // One view_item per offer on the page, naming it.
    const shown = screen
      .getAllByRole('button', { name: /^Add to cart: / })
      .map((button) => button.getAttribute('aria-label') ?? button.textContent)
      .map((name) => name!.replace('Add to cart: ', ''))
      .sort();
    const viewedNames = () =>
      record.tracked
        .filter((entry) => entry.event === 'view_item')
        .flatMap((entry) => (entry.params?.ecommerce as { items: { item_name: string }[] }).items)
        .map((item) => item.item_name)
        .sort();
    await waitFor(() => expect(viewedNames()).toEqual(shown));
    expect(shown.length).toBeGreaterThan(0);
    const viewed = record.tracked.filter((entry) => entry.event === 'view_item');
    for (const entry of viewed)
      expect(entry.params).toMatchObject({ business_key: 'acme-wellness' });
    expect(viewed.map((entry) => entry.params?.ecommerce)).toContainEqual(
      expect.objectContaining({
        items: [
          expect.objectContaining({ item_id: 'bloodwise_quarterly', item_variant: 'quarter' }),
        ],
      }),
    );

    await userEvent.click(add);
    await waitFor(() =>
      expect(record.tracked.filter((entry) => entry.event === 'add_to_cart')).toHaveLength(1),
    );
    expect(record.tracked.find((entry) => entry.event === 'add_to_cart')!.params).toMatchObject({
      business_key: 'acme-wellness',
      ecommerce: {
        currency: 'USD',
        items: [
          { item_id: 'bloodwise_quarterly', item_name: 'Acme Wellness Quarterly', quantity: 1 },
        ],
      },
    });
  });
});

describe("the pricing page's first view", () => {
  it('lists, for the shell to send at open, the same view_item events the live cards send', async () => {
    // The live page, as the shell shows it once the area runs.
    const { record } = renderStorefront('acme-wellness', '/pricing', { customization: ACME });
    await screen.findAllByTestId('storefront-offer');
    const live = record.tracked.filter((entry) => entry.event === 'view_item');
    expect(live.length).toBeGreaterThan(0);

    // The server's render of the same page, from the same data.
    const result = await renderArea({
      pathname: '/shop/acme-wellness/pricing',
      search: '',
      basename: '/shop/acme-wellness',
      fetchJson: async (path) => {
        if (path.startsWith('/api/v1/customization/acme-wellness')) {
          // The shell's read leaves the products out.
          return path.includes('excludeProducts=true') ? { ...ACME, products: [] } : ACME;
        }
        if (path.startsWith('/api/v1/catalog/offers')) return { offers: OFFERS };
        if (path.startsWith('/api/v1/catalog/prices')) return { prices: PRICES };
        throw new Error(`GET ${path} answered 404`);
      },
    });
    expect(result?.takeover).toBe('on-interaction');
    // JSON is how they travel to the browser (undefined params drop out there as in the dedupe).
    expect(JSON.parse(JSON.stringify(result?.openEvents))).toEqual(
      JSON.parse(JSON.stringify(live)),
    );
  });
});
