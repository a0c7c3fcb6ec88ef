// The API paths a shopper's first page reads (the cart badge, a partner's customization, the
// catalog) or its first script calls (first-view-actions.ts), and `buildPath`, apart from the full table in paths.ts: every page's first load then
// carries these few strings, not every path of the API (1 KB gz in the shell and again in the catalog).

export const FIRST_VIEW_PATHS = {
  customization: '/api/v1/customization/:shopKey',
  catalogOffers: '/api/v1/catalog/offers',
  catalogPrices: '/api/v1/catalog/prices',
  catalogContent: '/api/v1/catalog/content',
  cart: '/api/v1/cart',
  // A cart change answered with the priced cart (the one cart client every area bundles).
  cartPriced: '/api/v1/cart/priced',
  // One line of the cart changed in place (a first view's add, "+", "−" or Remove): one request.
  cartLine: '/api/v1/cart/line',
  // A checkout's Apply on its first view prices the order with the code (payments client).
  checkoutQuote: '/payments/stripe-subscriptions/checkout/quote',
  // Log-in and sign-up on their first views (connect client); the old store's check after a refusal.
  login: '/auth2/login/password',
  signup: '/auth2/signup',
  oldStore: '/auth2/old-store',
} as const;

/** Fills `:param` segments, URL-encoding each value; a missing param is a programming error. */
export function buildPath(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${template}`);
    return encodeURIComponent(String(value));
  });
}
