// The checkout's server render (built to dist/ssr/render.cjs): the first view of the shopper's own
// cart, checkout and thank-you pages, drawn by the live pages themselves from what the visitor's
// cookies give (fetchPersonalJson), so the first paint shows their lines, the form and their order.
// A partner storefront's cart and checkout are drawn too, into its frame's slot, with the props
// and the theme the storefront hands this area.
// antd is rendered here too and its styles go to <head>, so the page looks as it will once live.
// The area's code loads on the visitor's first interaction ('on-interaction').
import type { QueryClient } from '@tanstack/react-query';
import { cartQueryKey } from '@shop/shared/cart/cart-client';
import { antdServerStyles } from '@shop/shared/federation/antd-server-styles';
import type { Order, VisitorCart } from '@shop/shared/contract/checkout';
import type { CartItem } from '@shop/shared/contract/cart';
import {
  partnerCheckoutAreaPropsSchema,
  type PartnerCheckout,
} from '@shop/shared/contract/partner-checkout';
import {
  customizationQueryOptions,
  shopKeyFromBasename,
} from '@shop/shared/storefront/customization-query';
import { partnerThemeTokens } from '@shop/shared/storefront/partner-theme';
import { orderQueryKey } from '@shop/shared/orders/order-query';
import { renderAreaToString } from '@shop/shared/ssr/render-area';
import type {
  AreaRenderRequest,
  AreaRenderResult,
  AreaServerRenderer,
  FirstViewEvent,
} from '@shop/shared/ssr/server-render';
import { FIRST_VIEW_USER_CONTEXT } from '@shop/shared/ssr/server-shell';
import type {
  ApiClients,
  CurrentUser,
  PartnerCustomizationProp,
  ShellProps,
} from '@shop/shared/shell-contract/shell-props';
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

/** The shopper's pages drawn on the server. */
const SERVER_RENDERED_PAGES: Readonly<Record<string, Page>> = {
  '/shopping-cart': 'cart',
  '/checkout': 'checkout',
  [THANK_YOU_PATH]: 'thank-you',
};

/** A partner storefront's pages drawn on the server, by path inside the storefront. */
const PARTNER_PAGES: Readonly<Record<string, Page>> = {
  '/shopping-cart': 'cart',
  '/checkout': 'checkout',
};

/** What a page is drawn from: the visitor, and their cart or their order. */
type PageData =
  | {
      page: 'cart' | 'checkout';
      user: CurrentUser | null;
      visitorCart: VisitorCart;
      discountCode: string | null;
      /** The storefront that mounted this area, or null on the shop's own pages. */
      partner: PartnerCheckout | null;
    }
  | { page: 'thank-you'; user: CurrentUser | null; order: Order };

type CartPageData = Extract<PageData, { visitorCart: VisitorCart }>;

/** The lines the page sells: on a partner's page only the partner's (as usePartnerCart keeps them). */
function soldItems({ visitorCart, partner }: CartPageData): CartItem[] {
  if (!partner) return visitorCart.cart.items;
  const sold = new Set(partner.offers.map((offer) => offer.lookupKey));
  return visitorCart.cart.items.filter((item) => sold.has(item.lookupKey));
}

/**
 * The quote each page's first render asks for, with the same input (so the same key): the cart page
 * prices the URL's discount code and the user's email; the checkout form starts with neither; a
 * partner's pages price its lines with its business key, without a code.
 */
function quoteInput(data: CartPageData): QuoteInput {
  const items = soldItems(data);
  if (data.partner)
    return {
      items,
      country: 'US',
      shipUpfront: false,
      discountCode: null,
      businessKey: data.partner.businessKey,
    };
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
  partner: PartnerCheckout | null,
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
  // The cart page prices the URL's code at once (the checkout form, and a partner's cart, start without one).
  const discountCode = page === 'cart' && !partner ? visitDiscountCode(search) : null;
  return {
    page,
    user,
    discountCode,
    partner,
    visitorCart: await readVisitorCart(fetchPersonal, discountCode, partner),
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
  // On a partner's page its frame's theme (read as the storefront's shell reads it).
  const shopKey = data.partner?.businessKey;
  if (shopKey)
    await queryClient.prefetchQuery(
      customizationQueryOptions(api, shopKey, { excludeProducts: true }),
    );
  if (!quote) return;
  queryClient.setQueryData(checkoutQuoteQueryOptions(api, quoteInput(data)).queryKey, quote);
  // The checkout's shipping choice: the same prices for everyone, read anonymously.
  if (data.page === 'checkout')
    await queryClient.prefetchQuery(shippingOptionsQueryOptions(api, soldItems(data), 'US'));
}

/**
 * What the storefront's shell hands this area on a partner's page beyond its props: the partner
 * and its theme (so the buttons take the partner's colour); null for a partner that is not there.
 */
function partnerShellProps(
  queryClient: QueryClient,
  data: PageData,
  api: ApiClients,
): Partial<ShellProps> | null {
  if (data.page === 'thank-you' || !data.partner) return {};
  const key = customizationQueryOptions(api, data.partner.businessKey, { excludeProducts: true });
  const customization = queryClient.getQueryData<PartnerCustomizationProp | null>(key.queryKey);
  if (!customization) return null;
  return { customization, theme: partnerThemeTokens(customization) };
}

/** The page asked for, and the partner whose storefront mounted this area (null on the shop's). */
function pageOf(
  request: AreaRenderRequest,
): { page: Page; partner: PartnerCheckout | null } | null {
  const trimmed = (path: string) => path.replace(/(.)\/+$/, '$1');
  if (request.basename === '') {
    const page = SERVER_RENDERED_PAGES[trimmed(request.pathname)];
    return page ? { page, partner: null } : null;
  }
  // A storefront's mount: its props name the partner; its own paths start at its basename.
  const props = partnerCheckoutAreaPropsSchema.safeParse(request.areaProps ?? {});
  if (!props.success || !shopKeyFromBasename(request.basename)) return null;
  if (!request.pathname.startsWith(`${request.basename}/`)) return null;
  const page = PARTNER_PAGES[trimmed(request.pathname.slice(request.basename.length))];
  return page ? { page, partner: props.data.partnerCheckout } : null;
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
  const context = data.partner ? { businessKey: data.partner.businessKey } : {};
  return [checkoutEcommerceEvent('begin_checkout', data.visitorCart.quote, context)];
}

export const renderArea: AreaServerRenderer['renderArea'] = async (
  request: AreaRenderRequest,
): Promise<AreaRenderResult | null> => {
  const target = pageOf(request);
  const fetchPersonal = request.fetchPersonalJson;
  if (!target || !fetchPersonal) return null;
  const data = await readPage(target.page, request.search, fetchPersonal, target.partner);
  if (!data) return null;
  let api: ApiClients | null = null;

  // antd's styles, made while rendering, go to <head>.
  const antd = antdServerStyles();
  const result = await renderAreaToString(
    {
      area: 'checkout',
      AreaRoot: antd.wrap(CheckoutRoot),
      prefetch: (queryClient, clients) => {
        api = clients;
        return seed(queryClient, clients, data);
      },
      // The visitor as the shell will know them (the balance, the email the cart is priced with).
      shellProps: (queryClient) => {
        const partner = api ? partnerShellProps(queryClient, data, api) : {};
        if (!partner) return null;
        return {
          userContext: { ...FIRST_VIEW_USER_CONTEXT, user: data.user, loading: false },
          ...partner,
        };
      },
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

export { handleForm } from './handle-form';
