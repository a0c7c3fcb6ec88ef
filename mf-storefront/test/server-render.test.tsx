/**
 * @jest-environment node
 */
// The storefront's server render runs in Node, in the site server: its main page's first view is
// complete, so the storefront (and the catalog nested in it) take over on the visitor's first
// interaction, and the tab shows the page's title from the HTML.
import type { AreaRenderRequest } from '@shop/shared/ssr/server-render';
import { renderArea } from '../src/server/render-storefront';
import { ACME, OFFERS, PRICES } from './support/storefront-fixtures';

function request(pathname: string, customization: unknown = ACME): AreaRenderRequest {
  return {
    pathname,
    search: '',
    basename: '/shop/acme-wellness',
    fetchJson: async (path) => {
      if (path.startsWith('/api/v1/customization/acme-wellness'))
        return { ...(customization as object) };
      if (path.startsWith('/api/v1/catalog/offers')) return { offers: OFFERS };
      if (path.startsWith('/api/v1/catalog/prices')) return { prices: PRICES };
      throw new Error(`GET ${path} answered 404`);
    },
  };
}

describe('storefront server render', () => {
  it("draws a partner's main page with the nested catalog's slot, taken over on interaction, titled as the live page", async () => {
    const result = await renderArea(request('/shop/acme-wellness'));
    expect(result?.takeover).toBe('on-interaction');
    expect(result?.slots).toHaveLength(1);
    expect(result?.head).toMatch(/^<title>At-home blood tests \| Acme Wellness<\/title>/);
  });

  it("escapes the partner's name in the title", async () => {
    const result = await renderArea(
      request('/shop/acme-wellness', { ...ACME, businessName: 'A&B <Health>' }),
    );
    expect(result?.head).toMatch(/^<title>At-home blood tests \| A&amp;B &lt;Health&gt;<\/title>/);
  });

  it.each([
    ['/shopping-cart', 'Your cart', 'Sold by Acme Wellness.'],
    ['/checkout', 'Checkout', 'Your order with Acme Wellness.'],
  ])(
    "draws the partner's %s in its frame, with the checkout area's slot and what the partner sells",
    async (page, heading, lead) => {
      const result = await renderArea(request(`/shop/acme-wellness${page}`));
      expect(result?.takeover).toBe('on-interaction');
      expect(result?.html).toContain(`<h1>${heading}</h1>`);
      expect(result?.html).toContain(lead);
      expect(result?.head).toContain(`<title>${heading} | Acme Wellness</title>`);
      // The checkout area draws the lines, under the partner's titles and at its prices.
      expect(result?.slots).toEqual([
        {
          id: '0',
          area: 'checkout',
          areaProps: {
            partnerCheckout: {
              businessKey: 'acme-wellness',
              businessName: 'Acme Wellness',
              offers: expect.arrayContaining([
                { lookupKey: 'acme_kit', title: 'Acme Complete Panel' },
              ]) as unknown,
              afterPurchase: [{ url: 'https://acme.example.com/thanks', lookupKeys: [] }],
            },
          },
        },
      ]);
      expect(result?.html).toContain(
        '<div class="area-root" data-area="checkout"><div data-first-view-slot="0"></div></div>',
      );
    },
  );
});
