// The checkout's server render (built to dist/ssr/render.cjs): the first view of the shopper's own
// cart, checkout and thank-you pages, drawn by the live pages themselves from what the visitor's
// cookies give (fetchPersonalJson), so the first paint shows their lines, the form and their order.
// antd is rendered here too and its styles go to <head>, so the page looks as it will once live.
// The area's code loads on the visitor's first interaction ('on-interaction').
import type { QueryClient } from '@tanstack/react-query';
import { cartQueryKey } from '@shop/shared/cart/cart-client';
import { antdServerStyles } from '@shop/shared/federation/antd-server-styles';
import type { Order, VisitorCart } from '@shop/shared/contract/checkout';
import { orderQueryKey } from '@shop/shared/orders/order-query';
import { renderAreaToString } from '@shop/shared/ssr/render-area';
import type {
  AreaRenderRequest,
  AreaRenderResult,
  AreaServerRenderer,
  FirstViewEvent,
} from '@shop/shared/ssr/server-render';
import { FIRST_VIEW_USER_CONTEXT } from '@shop/shared/ssr/server-shell';
import type { ApiClients, CurrentUser } from '@shop/shared/shell-contract/shell-props';
import { CheckoutRoot } from '../app/parcel';
import {
  checkoutQuoteQueryOptions,
  type QuoteInput,
} from '../features/checkout/api/checkout-quote';
import { shippingOptionsQueryOptions } from '../features/checkout/api/shipping-cost';
import { checkoutEcommerceEvent } from '../features/checkout/hooks/use-checkout-analytics';
import { visitDiscountCode } from '../features/checkout/hooks/use-discount-code';
import { THANK_YOU_PATH } from '../features/thank-you/hooks/use-thank-you-order';
import { readOwnOrder, readVisitor, readVisitorCart, type PersonalFetch } from './visitor-reads';

type Page = 'cart' | 'checkout' | 'thank-you';

/** The shopper's pages drawn on the server (a partner storefront's mount of this area is not, yet). */
const SERVER_RENDERED_PAGES: Readonly<Record<string, Page>> = {
  '/shopping-cart': 'cart',
  '/checkout': 'checkout',
  [THANK_YOU_PATH]: 'thank-you',
};

/** What a page is drawn from: the visitor, and their cart or their order. */
type PageData =
  | {
      page: 'cart' | 'checkout';
      user: CurrentUser | null;
      visitorCart: VisitorCart;
      discountCode: string | null;
    }
  | { page: 'thank-you'; user: CurrentUser | null; order: Order };

/**
 * The quote each page's first render asks for, with the same input (so the same key): the cart page
 * prices the URL's discount code and the user's email; the checkout form starts with neither.
 */
function quoteInput(data: Extract<PageData, { visitorCart: VisitorCart }>): QuoteInput {
  const items = data.visitorCart.cart.items;
  return data.page === 'cart'
    ? {
        items,
        country: 'US',
        shipUpfront: false,
        discountCode: data.discountCode,
        email: data.user?.email,
      }
    : { items, country: 'US', shipUpfront: false, discountCode: null };
}

/** Reads the visitor's part; null when the page is left to the browser. */
async function readPage(
  page: Page,
  search: string,
  fetchPersonal: PersonalFetch,
): Promise<PageData | null> {
  const params = new URLSearchParams(search);
  // `?add=` changes the cart first, an employer's link is another page: both start in the browser.
  if (page === 'cart' && params.has('add')) return null;
  if (page === 'checkout' && params.has('employerPay')) return null;
  // Back from the provider's page (pay later): the live page moves the order on and confirms it
  // at once, which a page waiting for the visitor's first interaction would not.
  if (page === 'checkout' && params.has('order')) return null;
  // The checkout tries a code from the URL as soon as it runs and shows it applied: a page that
  // waits for the visitor could not, so that page starts in the browser.
  if (page === 'checkout' && visitDiscountCode(search)) return null;
  const user = await readVisitor(fetchPersonal);
  // A signed-in shopper's form fills in from their account in the browser: that page starts there.
  if (page === 'checkout' && user) return null;
  if (page === 'thank-you') {
    // The order travels in the history state, which a server never sees; a link may name it.
    const orderId = params.get('order');
    const order = orderId ? await readOwnOrder(fetchPersonal, orderId) : null;
    // An order whose payment has not settled is followed by the live page (it polls), not drawn.
    return order && order.status !== 'requires_action' && order.status !== 'pending'
      ? { page, user, order }
      : null;
  }
  // The cart page prices the URL's code at once (the checkout form starts without one).
  const discountCode = page === 'cart' ? visitDiscountCode(search) : null;
  return {
    page,
    user,
    discountCode,
    visitorCart: await readVisitorCart(fetchPersonal, discountCode),
  };
}

/** Puts what the page read into the query cache under the live page's keys. */
async function seed(queryClient: QueryClient, api: ApiClients, data: PageData): Promise<void> {
  if (data.page === 'thank-you') {
    queryClient.setQueryData(orderQueryKey(data.order.id), data.order);
    return;
  }
  const { cart, quote } = data.visitorCart;
  queryClient.setQueryData(cartQueryKey(data.user?.email ?? null), cart);
  if (!quote) return;
  queryClient.setQueryData(checkoutQuoteQueryOptions(api, quoteInput(data)).queryKey, quote);
  // The checkout's shipping choice: the same prices for everyone, read anonymously.
  if (data.page === 'checkout')
    await queryClient.prefetchQuery(shippingOptionsQueryOptions(api, cart.items, 'US'));
}

/**
 * What the page sends as it opens, which the live form sends only once it runs (the visitor's first
 * interaction): the checkout's begin_checkout, for the quote it drew (no personal data: lines, total,
 * code). Thank-you's purchase is left to the live page: it is deduplicated in the visitor's
 * localStorage, which the server cannot read, and a server-drawn thank-you is an `?order=` link
 * reopened, not the one an order just placed navigates to.
 */
function openEvents(data: PageData): FirstViewEvent[] {
  if (data.page !== 'checkout' || !data.visitorCart.quote) return [];
  return [checkoutEcommerceEvent('begin_checkout', data.visitorCart.quote, {})];
}

export const renderArea: AreaServerRenderer['renderArea'] = async (
  request: AreaRenderRequest,
): Promise<AreaRenderResult | null> => {
  const page = SERVER_RENDERED_PAGES[request.pathname.replace(/(.)\/+$/, '$1')];
  const fetchPersonal = request.fetchPersonalJson;
  if (!page || request.basename !== '' || !fetchPersonal) return null;
  const data = await readPage(page, request.search, fetchPersonal);
  if (!data) return null;

  // antd's styles, made while rendering, go to <head>.
  const antd = antdServerStyles();
  const result = await renderAreaToString(
    {
      area: 'checkout',
      AreaRoot: antd.wrap(CheckoutRoot),
      prefetch: (queryClient, api) => seed(queryClient, api, data),
      // The visitor as the shell will know them (the balance, the email the cart is priced with).
      shellProps: () => ({
        userContext: { ...FIRST_VIEW_USER_CONTEXT, user: data.user, loading: false },
      }),
    },
    request,
  );
  if (!result) return null;
  const events = openEvents(data);
  return {
    ...result,
    head: result.head + antd.styles(),
    takeover: 'on-interaction',
    ...(events.length > 0 ? { openEvents: events } : {}),
  };
};
