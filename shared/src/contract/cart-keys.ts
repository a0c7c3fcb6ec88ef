// Query keys more than one area uses, and the cart's plain constants, apart from their schemas, so the shell and first-view pages can use them
// without loading zod (docs/decisions/antd-shipping.md, first-load budget).

/** The query key every area uses for the cart, so the header badge and the cart page share one cache. */
export const CART_QUERY_KEY = ['cart'] as const;
/** The order checkout's thank-you page reads and the upgrades area refreshes after a purchase. */
export const orderQueryKey = (orderId: string | null) => ['order', orderId] as const;
export const MAX_CART_LINE_QUANTITY = 20;
/** The cart and checkout pages' quote: ['checkout-quote', { items, country, shipUpfront, discountCode, … }]. */
export const CHECKOUT_QUOTE_QUERY_KEY = ['checkout-quote'] as const;
/**
 * What a checkout's first view made of the code applied on it before the page was live ({ code,
 * message, applied }): the live page starts from it and checks the code again.
 */
export const FIRST_VIEW_DISCOUNT_KEY = ['checkout-discount-first-view'] as const;
/** The lines a first view's "Add to cart" added before the page was live: their buttons open saying so. */
export const FIRST_VIEW_ADDED_KEY = ['cart-added-first-view'] as const;
