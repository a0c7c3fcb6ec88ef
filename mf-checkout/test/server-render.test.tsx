// The checkout's server render: the shopper's cart, checkout form and order, drawn as the visitor
// by the live pages, with antd's styles for <head> and the queries the live page starts from.
import { waitFor, within } from '@testing-library/react';
import { cartQueryKey } from '@shop/shared/cart/cart-client';
import { API_PATHS } from '@shop/shared/contract/paths';
import { orderQueryKey } from '@shop/shared/orders/order-query';
import type { AreaRenderResult } from '@shop/shared/ssr/server-render';
import { renderArea } from '../src/server/render-checkout';
import { anOrder } from './order-fixture';
import { renderCheckout } from './render-checkout';
import {
  ACME_BASENAME,
  partnerRenderRequest,
  SHOPPER as USER,
  renderRequest,
} from './server-render-request';

const KIT = { lookupKey: 'bloodwise_kit_one_time', quantity: 1 };

/** The first view as a browser parses it. */
function page(result: AreaRenderResult | null) {
  expect(result).not.toBeNull();
  document.body.innerHTML = result!.html;
  return within(document.body);
}

const keysOf = (result: AreaRenderResult | null) => result!.queries.map((query) => query.queryKey);

afterEach(() => {
  document.body.innerHTML = '';
});

describe('checkout server render: the cart', () => {
  it("draws the visitor's lines, priced by the server, with the live page's controls and queries", async () => {
    const request = renderRequest('/shopping-cart', '', { cart: [{ ...KIT, quantity: 2 }] });
    const result = await renderArea(request);
    const view = page(result);
    expect(view.getByRole('heading', { name: 'Your cart', level: 1 })).toBeTruthy();
    expect(view.getByRole('button', { name: 'Remove Bloodwise Complete Panel' })).toBeTruthy();
    expect(view.getByRole('button', { name: 'One more Bloodwise Complete Panel' })).toBeTruthy();
    expect(
      view.getByRole('group', { name: 'Quantity of Bloodwise Complete Panel' }).textContent,
    ).toContain('2');
    expect(view.getByRole('link', { name: 'Go to checkout' }).getAttribute('href')).toBe(
      '/checkout',
    );
    // $149 × 2 and US shipping, as the server priced it.
    expect(view.getByTestId('summary-total').textContent).toBe('$305.95');
    expect(document.body.querySelector('#co-ship-to')).not.toBeNull();
    // Read as the visitor; nothing personal through the shared reads.
    expect(request.personalReads).toEqual([
      `${API_PATHS.cmsInfo}?includeSubscriptionInfo=true&includeBalance=true`,
      `${API_PATHS.cartPriced}?country=US`,
    ]);
    expect(request.publicReads).toEqual([]);
    // Exactly the live page's keys, so its first render needs no fetch.
    expect(keysOf(result)).toEqual([
      cartQueryKey(null),
      [
        'checkout-quote',
        {
          items: [{ ...KIT, quantity: 2 }],
          country: 'US',
          shipUpfront: false,
          discountCode: null,
          email: undefined,
        },
      ],
    ]);
    expect(result!.takeover).toBe('on-interaction');
    // antd's styles (the Select) and the area's own go to <head>.
    expect(result!.head).toMatch(/<style[^>]*data-href="[^"]*co-styles|<style[^>]*>/);
    expect(result!.head).toContain('.ant-select');
    expect(result!.html).not.toMatch(/^<style/);
  });

  it("prices a signed-in shopper's cart with their email and the URL's discount code, under their key", async () => {
    const request = renderRequest('/shopping-cart', '?discount=WELCOME10', {
      user: USER,
      cart: [KIT],
    });
    const result = await renderArea(request);
    expect(request.personalReads[1]).toBe(
      `${API_PATHS.cartPriced}?country=US&discountCode=WELCOME10`,
    );
    expect(keysOf(result)).toEqual([
      cartQueryKey(USER.email),
      [
        'checkout-quote',
        {
          items: [KIT],
          country: 'US',
          shipUpfront: false,
          discountCode: 'WELCOME10',
          email: USER.email,
        },
      ],
    ]);
    expect(document.body.textContent).toBe('');
    page(result);
    expect(document.body.textContent).toContain('−$14.90');
  });

  it('draws an empty cart as the live page does, and leaves an ?add= link to the browser', async () => {
    const view = page(await renderArea(renderRequest('/shopping-cart')));
    expect(view.getByRole('heading', { name: 'Your cart is empty' })).toBeTruthy();
    const adding = renderRequest('/shopping-cart', '?add=bloodwise_kit_one_time', { cart: [KIT] });
    expect(await renderArea(adding)).toBeNull();
    expect(adding.personalReads).toEqual([]);
  });
});

describe('checkout server render: the checkout', () => {
  it('draws the form with the ids of the live fields, the summary, and the shipping choice', async () => {
    const request = renderRequest('/checkout', '', { cart: [KIT] });
    const result = await renderArea(request);
    const view = page(result);
    expect(view.getByRole('heading', { name: 'Checkout', level: 1 })).toBeTruthy();
    expect(view.getByRole('form', { name: 'Checkout' })).toBeTruthy();
    for (const id of ['email', 'fullName', 'line1', 'city', 'postalCode'])
      expect(document.getElementById(id)?.tagName).toBe('INPUT');
    expect(view.getByRole('heading', { name: 'Order summary' })).toBeTruthy();
    expect(view.getAllByText('Bloodwise Complete Panel').length).toBeGreaterThan(0);
    expect(request.personalReads[1]).toBe(`${API_PATHS.cartPriced}?country=US`);
    expect(keysOf(result)).toEqual(
      expect.arrayContaining([
        cartQueryKey(null),
        ['checkout-quote', { items: [KIT], country: 'US', shipUpfront: false, discountCode: null }],
        ['shipping-options', [KIT], 'US'],
      ]),
    );
    // Shipping prices are everyone's: read without the visitor's cookies.
    expect(request.publicReads.every((path) => path.startsWith(API_PATHS.shippingCost))).toBe(true);
    expect(result!.head).toContain('.ant-form');
    expect(result!.takeover).toBe('on-interaction');
  });

  it('says plainly, for a browser without scripts, that Place order needs the payment provider’s script', async () => {
    const result = await renderArea(renderRequest('/checkout', '', { cart: [KIT] }));
    expect(result!.html).toMatch(
      /<noscript><p class="co-note" role="note" data-testid="place-order-needs-script">Placing an order needs JavaScript/,
    );
  });

  it('lists begin_checkout for the shell to send at open, as the live form sends it for the same cart', async () => {
    const result = await renderArea(renderRequest('/checkout', '', { cart: [KIT] }));
    // The live form's event for the same cart, once it runs (the visitor's first interaction).
    const { record } = renderCheckout('/checkout', { cart: [KIT] });
    await waitFor(() =>
      expect(record.tracked.filter((entry) => entry.event === 'begin_checkout')).toHaveLength(1),
    );
    const live = record.tracked.find((entry) => entry.event === 'begin_checkout')!;
    // Compared as JSON, the way the events travel to the browser.
    expect(JSON.parse(JSON.stringify(result!.openEvents))).toEqual([
      JSON.parse(JSON.stringify(live)),
    ]);
    expect(result!.openEvents![0]!.params).toMatchObject({
      ecommerce: { currency: 'USD', items: [expect.objectContaining({ item_id: KIT.lookupKey })] },
    });
    // Nothing personal: no email or name anywhere in the event.
    expect(JSON.stringify(result!.openEvents)).not.toMatch(/@|Mary/);
  });

  it("lists no page-open event on the cart or thank-you page (purchase stays with the live page's dedupe)", async () => {
    const order = anOrder({ createdAt: new Date().toISOString() });
    const cart = await renderArea(renderRequest('/shopping-cart', '', { cart: [KIT] }));
    const thanks = await renderArea(
      renderRequest('/checkout/thank-you', `?order=${order.id}`, { orders: [order] }),
    );
    expect(cart!.openEvents).toBeUndefined();
    expect(thanks!.openEvents).toBeUndefined();
  });

  it("leaves a signed-in shopper's checkout (filled from the account), a URL's code (applied as the form runs) and an employer's link to the browser", async () => {
    expect(
      await renderArea(renderRequest('/checkout', '', { user: USER, cart: [KIT] })),
    ).toBeNull();
    const withCode = renderRequest('/checkout', '?discount=WELCOME10', { cart: [KIT] });
    expect(await renderArea(withCode)).toBeNull();
    expect(withCode.personalReads).toEqual([]);
    expect(
      await renderArea(renderRequest('/checkout', '?employerPay=abc', { cart: [KIT] })),
    ).toBeNull();
  });

  it("leaves a return from the provider's page to the browser, which moves the order on at once", async () => {
    const back = '?order=o-1&payment_intent=pi_1&redirect_status=succeeded';
    expect(await renderArea(renderRequest('/checkout', back, { cart: [KIT] }))).toBeNull();
  });
});

describe('checkout server render: the thank-you page', () => {
  it("draws the visitor's own order named by the link, and leaves room for the add-ons", async () => {
    const order = anOrder({ createdAt: new Date().toISOString() });
    const request = renderRequest('/checkout/thank-you', `?order=${order.id}`, { orders: [order] });
    const result = await renderArea(request);
    const view = page(result);
    expect(view.getByRole('heading', { name: 'Thank you, Mary!', level: 1 })).toBeTruthy();
    expect(view.getByTestId('order-reference').textContent).toContain(
      order.id.slice(0, 8).toUpperCase(),
    );
    expect(view.getByText('Bloodwise Quarterly')).toBeTruthy();
    expect(keysOf(result)).toEqual([orderQueryKey(order.id)]);
    expect(request.personalReads).toContain(`${API_PATHS.orders}/${order.id}`);
    // The upgrades area is nested: its place is a slot the site fills with its own render.
    expect(result!.slots).toEqual([
      {
        id: '0',
        area: 'upgrades',
        areaProps: {
          paymentId: 'pi_123',
          orderId: order.id,
          email: order.email,
          lookupKeys: ['bloodwise_quarterly'],
        },
      },
    ]);
  });

  it('leaves an order whose payment has not settled to the live page, which confirms and follows it', async () => {
    for (const status of ['pending', 'requires_action'] as const) {
      const order = anOrder({ status });
      expect(
        await renderArea(
          renderRequest('/checkout/thank-you', `?order=${order.id}`, { orders: [order] }),
        ),
      ).toBeNull();
    }
  });

  it("renders nothing for a stranger's or an unknown order id, or without one", async () => {
    const mine = anOrder({ id: 'mine-0000' });
    expect(
      await renderArea(
        renderRequest('/checkout/thank-you', '?order=someone-elses', { orders: [mine] }),
      ),
    ).toBeNull();
    expect(
      await renderArea(renderRequest('/checkout/thank-you', '', { orders: [mine] })),
    ).toBeNull();
  });

  it('escapes hostile order data', async () => {
    const hostile = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';
    const order = anOrder({
      email: `a${hostile}@example.com`,
      lines: [{ ...anOrder().lines[0]!, title: hostile }],
      shippingAddress: { ...anOrder().shippingAddress, name: `${hostile} Lee`, city: hostile },
    });
    const result = await renderArea(
      renderRequest('/checkout/thank-you', `?order=${order.id}`, { orders: [order] }),
    );
    expect(result!.html).not.toContain('<img src=x');
    expect(result!.html).not.toContain('<script');
    page(result);
    expect(document.querySelector('img, script')).toBeNull();
    expect(document.body.textContent).toContain(hostile);
  });
});

describe("checkout server render: a partner storefront's pages", () => {
  const ACME_KIT = { lookupKey: 'acme_kit', quantity: 2 };

  it("draws the partner's cart: its lines only, at its prices and under its titles, links under its address, in its colour", async () => {
    const request = partnerRenderRequest('/shopping-cart', '', { cart: [KIT, ACME_KIT] });
    const result = await renderArea(request);
    const view = page(result);
    expect(
      [...document.querySelectorAll('[data-testid="summary-line"] .co-line-title')].map(
        (title) => title.textContent,
      ),
    ).toEqual(['Acme Complete Panel']);
    expect(
      view.getByText('Items from other shops stay in your cart but are not sold here.'),
    ).toBeTruthy();
    // $129 × 2 at Acme's price, and US shipping for two kits.
    expect(view.getByTestId('summary-total').textContent).toBe('$265.95');
    expect(view.getByTestId('go-to-checkout').getAttribute('href')).toBe(
      `${ACME_BASENAME}/checkout`,
    );
    expect(view.getByRole('link', { name: 'Keep shopping' }).getAttribute('href')).toBe(
      `${ACME_BASENAME}/pricing`,
    );
    expect(result!.html).toContain('--co-primary:#6b3fa0');
    // Read as the visitor, priced as the partner's business checkout; the partner's look is public.
    expect(request.personalReads).toEqual([
      `${API_PATHS.cmsInfo}?includeSubscriptionInfo=true&includeBalance=true`,
      `${API_PATHS.cartPriced}?country=US&businessKey=acme-wellness&lookupKeys=acme_kit`,
    ]);
    expect(request.publicReads).toEqual([
      '/api/v1/customization/acme-wellness?excludeProducts=true',
    ]);
    expect(keysOf(result)).toEqual(
      expect.arrayContaining([
        cartQueryKey(null),
        [
          'checkout-quote',
          {
            items: [ACME_KIT],
            country: 'US',
            shipUpfront: false,
            discountCode: null,
            businessKey: 'acme-wellness',
          },
        ],
      ]),
    );
    expect(result!.takeover).toBe('on-interaction');
  });

  it("draws the partner's checkout form for its lines, and lists begin_checkout naming the partner", async () => {
    const request = partnerRenderRequest('/checkout', '', { cart: [KIT, ACME_KIT] });
    const result = await renderArea(request);
    const view = page(result);
    expect(view.getByRole('form', { name: 'Checkout' })).toBeTruthy();
    expect(view.getAllByText('Acme Complete Panel').length).toBeGreaterThan(0);
    expect(view.queryByText('Bloodwise Complete Panel')).toBeNull();
    expect(keysOf(result)).toEqual(
      expect.arrayContaining([['shipping-options', [ACME_KIT], 'US']]),
    );
    expect(result!.openEvents).toHaveLength(1);
    expect(result!.openEvents![0]!.params).toMatchObject({ business_key: 'acme-wellness' });
  });

  it("draws the partner's empty cart, and leaves a signed-in shopper's checkout and a missing partner to the browser", async () => {
    const view = page(await renderArea(partnerRenderRequest('/shopping-cart')));
    expect(view.getByText('Your cart is empty.')).toBeTruthy();
    expect(
      await renderArea(partnerRenderRequest('/checkout', '', { user: USER, cart: [KIT] })),
    ).toBeNull();
    const gone = partnerRenderRequest('/shopping-cart', '', { cart: [KIT] });
    expect(
      await renderArea({
        ...gone,
        fetchJson: async (path) => {
          throw new Error(`GET ${path} answered 404`);
        },
      }),
    ).toBeNull();
  });
});

describe('checkout server render: what it leaves to the browser', () => {
  it("renders no storefront page without the partner's props, no other path, and nothing without the personal read", async () => {
    const partner = {
      ...renderRequest('/shop/acme/checkout', '', { cart: [KIT] }),
      basename: '/shop/acme',
    };
    expect(await renderArea(partner)).toBeNull();
    expect(await renderArea(partnerRenderRequest('/checkout/thank-you'))).toBeNull();
    expect(await renderArea(renderRequest('/checkout/elsewhere'))).toBeNull();
    const anonymousSite = {
      ...renderRequest('/shopping-cart', '', { cart: [KIT] }),
      fetchPersonalJson: undefined,
    };
    expect(await renderArea(anonymousSite)).toBeNull();
  });
});
