// The storefront's cart, checkout and thank-you pages are the checkout area's, mounted in the
// storefront's frame with this partner's key, names and after-purchase pages.
import { screen, waitFor, within } from '@testing-library/react';
import { partnerCheckoutAreaPropsSchema } from '@shop/shared/contract/partner-checkout';
import { ACME } from './support/storefront-fixtures';
import { renderStorefront } from './support/render-storefront';

const slow = { timeout: 15_000 };

describe('the checkout area inside a storefront', () => {
  it.each([
    ['/shopping-cart', 'Your cart'],
    ['/checkout', 'Checkout'],
    ['/checkout/thank-you', 'Thank you for your order'],
  ])(
    '%s shows the storefront heading and mounts the checkout area with the partner',
    async (page, heading) => {
      const { outlets } = renderStorefront('acme-wellness', page, {
        customization: ACME,
        cart: [{ lookupKey: 'acme_kit', quantity: 1 }],
      });
      expect(
        await screen.findByRole('heading', { level: 1, name: heading }, slow),
      ).toBeInTheDocument();
      await waitFor(() => expect(outlets.length).toBeGreaterThan(0), slow);
      const outlet = outlets.at(-1)!;
      expect(outlet.area).toBe('checkout');
      const { partnerCheckout } = partnerCheckoutAreaPropsSchema.parse(outlet.areaProps);
      expect(partnerCheckout).toMatchObject({
        businessKey: 'acme-wellness',
        businessName: 'Acme Wellness',
        afterPurchase: [{ url: 'https://acme.example.com/thanks', lookupKeys: [] }],
      });
      // The partner's own titles, for the lines the partner sells.
      expect(partnerCheckout.offers).toContainEqual({
        lookupKey: 'acme_kit',
        title: 'Acme Complete Panel',
      });
      expect(document.body.textContent).not.toMatch(/\bBloodwise\b/);
    },
  );

  it("leaves the checkout area's text as the area renders it: one name per product, the partner's", async () => {
    renderStorefront('acme-wellness', '/checkout', {
      customization: ACME,
      cart: [{ lookupKey: 'acme_kit', quantity: 1 }],
      // The area titles its lines from the offers it is handed; a server title it shows elsewhere
      // must not be renamed into a second name for the same product.
      outlet: ({ areaProps }) => {
        const { partnerCheckout } = partnerCheckoutAreaPropsSchema.parse(areaProps);
        return (
          <section aria-label="checkout area">
            <p>{partnerCheckout.offers.find((offer) => offer.lookupKey === 'acme_kit')?.title}</p>
            <p>Bloodwise Complete Panel</p>
          </section>
        );
      },
    });
    const area = await screen.findByRole('region', { name: 'checkout area' }, slow);
    expect(within(area).getByText('Acme Complete Panel')).toBeVisible();
    // Give a text-rewriting observer its chance to run before looking for its work.
    await waitFor(() => expect(within(area).getByText('Bloodwise Complete Panel')).toBeVisible());
    expect(screen.queryByText('Acme Wellness Complete Panel')).not.toBeInTheDocument();
  });
});
