// A partner storefront is measured like the shop: view_item for each offer shown, add_to_cart
// when one is added, each naming the partner.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACME } from './support/storefront-fixtures';
import { renderStorefront } from './support/render-storefront';

describe('storefront analytics', () => {
  it('tracks view_item for each offer shown and add_to_cart for the one added, with business_key', async () => {
    const { record } = renderStorefront('acme-wellness', '/pricing/quarterly', {
      customization: ACME,
    });
    const add = await screen.findByRole('button', {
      name: 'Add to cart: Acme Wellness Quarterly',
    });
    const viewed = record.tracked.filter((entry) => entry.event === 'view_item');
    expect(viewed.length).toBeGreaterThan(0);
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
