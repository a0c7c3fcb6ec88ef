/**
 * @jest-environment node
 */
// The checkout's first views hydrate: the live area, given the visitor and the queries the server
// drew with, draws the very nodes the server drew (no recoverable error, no mismatch warning).
import { hydrateFirstView } from '@shop/shared/test-support/hydration-check';
import { FIRST_VIEW_USER_CONTEXT } from '@shop/shared/ssr/server-shell';
import { renderArea } from '../src/server/render-checkout';
import { anOrder } from './order-fixture';
import { partnerThemeTokens } from '@shop/shared/storefront/partner-theme';
import {
  ACME_BASENAME,
  ACME_CHECKOUT,
  ACME_LOOK,
  partnerRenderRequest,
  SHOPPER as USER,
  renderRequest,
  type Visitor,
} from './server-render-request';

const KIT = { lookupKey: 'bloodwise_kit_one_time', quantity: 1 };
const ORDER = anOrder();

const loadRoot = async () => (await import('../src/app/parcel')).CheckoutRoot;

describe('checkout first views hydrate', () => {
  it.each<[string, string, string, Visitor]>([
    ['an empty cart', '/shopping-cart', '', {}],
    ["a guest's cart", '/shopping-cart', '', { cart: [{ ...KIT, quantity: 2 }] }],
    [
      "a shopper's cart with a code",
      '/shopping-cart',
      '?discount=WELCOME10',
      { user: USER, cart: [KIT] },
    ],
    ["a guest's checkout", '/checkout', '', { cart: [KIT] }],
    ['the thank-you page', '/checkout/thank-you', `?order=${ORDER.id}`, { orders: [ORDER] }],
  ])('%s', async (_, pathname, search, visitor) => {
    const result = await renderArea(renderRequest(pathname, search, visitor));
    expect(result).not.toBeNull();
    const problems = await hydrateFirstView(result!, {
      pathname,
      search,
      loadRoot,
      shellProps: {
        userContext: { ...FIRST_VIEW_USER_CONTEXT, user: visitor.user ?? null, loading: false },
      },
    });
    expect(problems).toEqual([]);
  });

  it.each<[string, string, Visitor]>([
    ["a partner's empty cart", '/shopping-cart', {}],
    ["a partner's cart", '/shopping-cart', { cart: [KIT, { lookupKey: 'acme_kit', quantity: 2 }] }],
    ["a partner's checkout", '/checkout', { cart: [{ lookupKey: 'acme_kit', quantity: 1 }] }],
  ])('%s, with the props and theme the storefront hands the area', async (_, page, visitor) => {
    const result = await renderArea(partnerRenderRequest(page, '', visitor));
    expect(result).not.toBeNull();
    const problems = await hydrateFirstView(result!, {
      pathname: `${ACME_BASENAME}${page}`,
      basename: ACME_BASENAME,
      loadRoot,
      areaProps: { partnerCheckout: ACME_CHECKOUT },
      shellProps: {
        userContext: { ...FIRST_VIEW_USER_CONTEXT, user: null, loading: false },
        customization: ACME_LOOK,
        theme: partnerThemeTokens(ACME_LOOK),
      },
    });
    expect(problems).toEqual([]);
  });
});
